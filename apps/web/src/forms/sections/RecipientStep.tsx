import Button from '@mui/material/Button';
import type { PayoutFormSection, UiSchema } from '@payouts/contracts';
import { Form } from '@rjsf/mui';
import type { ErrorSchema } from '@rjsf/utils';
import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { rjsfValidator, transformErrors } from './rjsfValidator.js';
import { sectionUiSchema } from './sectionUiSchema.js';
import { WizardButtons } from './WizardButtons.js';
import type { WizardFormContext } from './WizardInputTemplate.js';
import { WIZARD_TEMPLATES } from './wizardTemplates.js';

export interface RecipientStepProps {
  section: PayoutFormSection;
  /** The values the form starts with; later changes of this prop are not shown (see below). */
  formData: Record<string, unknown>;
  /** Messages the BFF (or the orchestrator through it) returned, per field name. */
  apiErrors: Record<string, string>;
  onChange: (formData: Record<string, unknown>) => void;
  /** Without it there is no Back button (a page with one step, e.g. editing a beneficiary). */
  onBack?: () => void;
  onNext: () => void;
  /**
   * Whether the section shows its own Back and Next. The wizard's step, which keeps several
   * sections (all hidden but one), shows one pair under them instead, Next submitting `formId`.
   */
  active?: boolean;
  /** The form element's id; a generated one by default. */
  formId?: string;
  /** The main button's words ("Next" in the wizard; "Create beneficiary" elsewhere). */
  nextLabel?: string;
  /** The main action is under way (its button shows progress). */
  busy?: boolean;
  /** Help text under fields, per field name (the masked current value when editing). */
  help?: Record<string, string>;
  /**
   * The fields' id prefix. Unique per section where several are rendered at once (the wizard
   * keeps every PSP's section of the step, hidden but one): labels find their input by id.
   */
  idPrefix?: string;
}

const NO_EXTRA_ERRORS: ErrorSchema = {};

function withHelp(ui: UiSchema, help: Record<string, string> | undefined): UiSchema {
  if (!help || Object.keys(help).length === 0) return ui;
  const next: UiSchema = { ...ui };
  for (const [name, text] of Object.entries(help)) {
    next[name] = { ...((ui[name] ?? {}) as UiSchema), 'ui:help': text };
  }
  return next;
}

/**
 * The PSP's own section, generated from its field list by RJSF. The parent gives it a `key` per
 * (type, PSP), so choosing another PSP mounts a fresh form and no value leaks between PSPs.
 *
 * The values live in the form while they are typed: a keystroke re-renders the form only, and
 * `onChange` tells the parent, which keeps them without re-rendering the whole wizard and saves the
 * draft a moment later.
 */
export function RecipientStep({
  section,
  formData,
  apiErrors,
  onChange,
  onBack,
  onNext,
  active = true,
  nextLabel = 'Next',
  busy = false,
  help,
  idPrefix = 'recipient',
  formId: givenFormId,
}: RecipientStepProps) {
  const generatedFormId = useId();
  const formId = givenFormId ?? generatedFormId;
  // Read once: the form holds the values from then on (uncontrolled), so a keystroke re-renders
  // the form and the edited field, not this component or the wizard around it.
  const [initialFormData] = useState(formData);
  const uiSchema = useMemo(() => withHelp(sectionUiSchema(section), help), [section, help]);
  // No errors is always the same object: a new (empty) one would rebuild the form element below,
  // and RJSF would re-render every field of the section.
  const extraErrors = useMemo(
    () =>
      Object.keys(apiErrors).length === 0
        ? NO_EXTRA_ERRORS
        : (Object.fromEntries(
            Object.entries(apiErrors).map(([name, message]) => [name, { __errors: [message] }]),
          ) as ErrorSchema),
    [apiErrors],
  );
  // The latest handlers, so the form element below need not change with them: the wizard passes
  // new ones on every render, and showing the section ahead of time must not re-render it.
  const handlers = useRef({ onChange, onNext });
  useLayoutEffect(() => {
    handlers.current = { onChange, onNext };
  });
  // The section's values as last reported, with each keystroke the inputs hold back from the form
  // (WizardInputTemplate) put in: `onChange` hears them at once, the form a moment later.
  const reported = useRef<Record<string, unknown>>(initialFormData);
  const [formContext] = useState<WizardFormContext>(() => ({
    onTyped: (name, value) => {
      const next = { ...reported.current };
      if (value === undefined) delete next[name];
      else next[name] = value;
      reported.current = next;
      handlers.current.onChange(next);
    },
  }));
  const form = useMemo(
    () => (
      <Form
        id={formId}
        schema={section.schema}
        uiSchema={uiSchema}
        validator={rjsfValidator}
        // The form shows its errors on the fields; without a handler RJSF logs them as console errors.
        onError={() => undefined}
        initialFormData={initialFormData}
        onChange={(event) => {
          reported.current = (event.formData ?? {}) as Record<string, unknown>;
          handlers.current.onChange(reported.current);
        }}
        onSubmit={(event) => {
          reported.current = (event.formData ?? {}) as Record<string, unknown>;
          handlers.current.onChange(reported.current);
          handlers.current.onNext();
        }}
        formContext={formContext}
        extraErrors={extraErrors}
        transformErrors={transformErrors}
        templates={WIZARD_TEMPLATES}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        idPrefix={idPrefix}
      >
        {/* The buttons are below the form (`form` attribute): it is the same element while hidden. */}
        <></>
      </Form>
    ),
    [formId, section.schema, uiSchema, initialFormData, extraErrors, idPrefix, formContext],
  );
  return (
    <>
      {form}
      {active ? (
        <WizardButtons
          onBack={onBack}
          next={
            <Button type="submit" form={formId} variant="contained" loading={busy}>
              {nextLabel}
            </Button>
          }
        />
      ) : null}
    </>
  );
}
