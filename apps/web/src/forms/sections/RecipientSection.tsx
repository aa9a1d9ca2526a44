import { type PayoutFormSection } from '@payouts/contracts';
import { memo } from 'react';
import { RecipientStep } from './RecipientStep.js';

export type Values = Record<string, unknown>;

/** The id of a section's form (its submit button sits outside it). */
export const sectionFormId = (key: string): string => `recipient-form-${key.replace(':', '-')}`;

/**
 * One PSP's section with its buttons (hidden with it). Memoised: a pick re-renders the step, and
 * no section's props change with it (API errors aside).
 */
export const Section = memo(function Section({
  sectionKey: key,
  section,
  initialValues,
  apiErrors,
  onChange,
  onBack,
  onNext,
}: {
  sectionKey: string;
  section: PayoutFormSection;
  initialValues: Values;
  apiErrors: Record<string, string>;
  onChange: (key: string, values: Values) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  return (
    <RecipientStep
      section={section}
      formData={initialValues}
      apiErrors={apiErrors}
      onChange={(values) => onChange(key, values)}
      onBack={onBack}
      onNext={onNext}
      idPrefix={`recipient-${key.replace(':', '-')}`}
      formId={sectionFormId(key)}
      active={false}
    />
  );
});
