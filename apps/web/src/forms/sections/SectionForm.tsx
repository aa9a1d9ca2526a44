import type { PayoutFormSection } from '@payouts/contracts';
import { Form } from '@rjsf/mui';
import { useMemo, type ReactNode } from 'react';
import { rjsfValidator, transformErrors } from './rjsfValidator.js';
import { sectionUiSchema } from './sectionUiSchema.js';
import { WIZARD_TEMPLATES } from './wizardTemplates.js';

export interface SectionFormProps {
  section: PayoutFormSection;
  formData: Record<string, unknown>;
  /** Shown as finance would see it, but nothing can be typed. */
  readOnly?: boolean;
  idPrefix: string;
  onChange?: (formData: Record<string, unknown>) => void;
  onSubmit?: (formData: Record<string, unknown>) => void;
  children?: ReactNode;
}

/**
 * A PSP's section as the wizard renders it (same schema, uiSchema, validator and input template),
 * for the pages that show or fill one outside the wizard: the providers matrix and the lab.
 */
export function SectionForm({
  section,
  formData,
  readOnly = false,
  idPrefix,
  onChange,
  onSubmit,
  children,
}: SectionFormProps) {
  const uiSchema = useMemo(() => sectionUiSchema(section), [section]);
  return (
    <Form
      schema={section.schema}
      uiSchema={uiSchema}
      validator={rjsfValidator}
      // The form shows its errors on the fields; without a handler RJSF logs them as console errors.
      onError={() => undefined}
      formData={formData}
      disabled={readOnly}
      readonly={readOnly}
      onChange={(event) => onChange?.((event.formData ?? {}) as Record<string, unknown>)}
      onSubmit={(event) => onSubmit?.((event.formData ?? {}) as Record<string, unknown>)}
      transformErrors={transformErrors}
      templates={WIZARD_TEMPLATES}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      idPrefix={idPrefix}
    >
      {children ?? <></>}
    </Form>
  );
}
