import Button from '@mui/material/Button';
import type { PayoutFormSection } from '@payouts/contracts';
import { Form } from '@rjsf/mui';
import type { ErrorSchema } from '@rjsf/utils';
import { useMemo } from 'react';
import { rjsfValidator, transformErrors } from './rjsfValidator.js';
import { sectionUiSchema } from './sectionUiSchema.js';
import { WizardButtons } from './WizardButtons.js';
import { WizardInputTemplate } from './WizardInputTemplate.js';

export interface RecipientStepProps {
  section: PayoutFormSection;
  formData: Record<string, unknown>;
  /** Messages the BFF (or the orchestrator through it) returned, per field name. */
  apiErrors: Record<string, string>;
  onChange: (formData: Record<string, unknown>) => void;
  onBack: () => void;
  onNext: () => void;
}

const TEMPLATES = { BaseInputTemplate: WizardInputTemplate };

/**
 * The PSP's own section, generated from its field list by RJSF. The parent gives it a `key` per
 * (type, PSP), so choosing another PSP mounts a fresh form and no value leaks between PSPs.
 */
export function RecipientStep({
  section,
  formData,
  apiErrors,
  onChange,
  onBack,
  onNext,
}: RecipientStepProps) {
  const uiSchema = useMemo(() => sectionUiSchema(section), [section]);
  const extraErrors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(apiErrors).map(([name, message]) => [name, { __errors: [message] }]),
      ) as ErrorSchema,
    [apiErrors],
  );
  return (
    <Form
      schema={section.schema}
      uiSchema={uiSchema}
      validator={rjsfValidator}
      // The form shows its errors on the fields; without a handler RJSF logs them as console errors.
      onError={() => undefined}
      formData={formData}
      onChange={(event) => onChange((event.formData ?? {}) as Record<string, unknown>)}
      onSubmit={(event) => {
        onChange((event.formData ?? {}) as Record<string, unknown>);
        onNext();
      }}
      extraErrors={extraErrors}
      transformErrors={transformErrors}
      templates={TEMPLATES}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      idPrefix="recipient"
    >
      <WizardButtons
        onBack={onBack}
        next={
          <Button type="submit" variant="contained">
            Next
          </Button>
        }
      />
    </Form>
  );
}
