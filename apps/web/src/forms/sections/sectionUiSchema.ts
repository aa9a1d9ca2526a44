import type { PayoutFormSection, UiSchema } from '@payouts/contracts';

const built = new WeakMap<PayoutFormSection, UiSchema>();

/**
 * The PSP section's uiSchema with the options our input template reads: how each value is tidied
 * on blur, and which one is a card number to mask once typed. One object per section (sections
 * live as long as their provider list): choosing a PSP again does not build it again, and RJSF
 * compares the same object instead of two equal ones.
 */
export function sectionUiSchema(section: PayoutFormSection): UiSchema {
  let ui = built.get(section);
  if (!ui) {
    ui = buildSectionUiSchema(section);
    built.set(section, ui);
  }
  return ui;
}

function buildSectionUiSchema(section: PayoutFormSection): UiSchema {
  const ui: UiSchema = {
    ...section.uiSchema,
    'ui:title': `Recipient details for ${section.provider.title}`,
    'ui:submitButtonOptions': { norender: true },
    // The step heading is an h2: the section's title comes next in the outline.
    'ui:options': {
      mui: { rjsfSlotProps: { titleTypography: { variant: 'h6', component: 'h3' } } },
    },
  };
  for (const field of section.fields) {
    const own = (section.uiSchema[field.name] ?? {}) as UiSchema;
    ui[field.name] = {
      ...own,
      'ui:normalize': field.normalize,
      ...(field.rule === 'creditCardNumber' ? { 'ui:maskOnBlur': true } : {}),
    };
  }
  return ui;
}
