import {
  isPlausibleCardNumber,
  maskCardNumber,
  normalizeCardNumber,
  normalizeFieldValue,
  type FieldNormalizer,
} from '@payouts/contracts';
import { Templates } from '@rjsf/mui';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { useState, type ComponentType } from 'react';

function muiBaseInputTemplate(): ComponentType<BaseInputTemplateProps> {
  const template = Templates.BaseInputTemplate;
  if (!template) throw new Error('@rjsf/mui has no BaseInputTemplate');
  return template;
}
const MuiBaseInputTemplate = muiBaseInputTemplate();

const NORMALIZERS: readonly FieldNormalizer[] = ['trim', 'cardNumber', 'phone', 'none'];

/**
 * MUI's text input with what the PSP sections need beyond it: `ui:inputMode` (numeric keypads on
 * phones), tidying on blur the way the BFF tidies (`ui:normalize`), and a card number shown as
 * 6 + 4 once it has been typed and left (`ui:maskOnBlur`), in full again while edited.
 */
export function WizardInputTemplate(props: BaseInputTemplateProps) {
  const { options, onBlur, onFocus, onChange } = props;
  // RJSF types widget values and slot props as `any`; this template only handles text.
  const value: unknown = props.value;
  const slotProps = props.slotProps as { htmlInput?: object } | undefined;
  const [editing, setEditing] = useState(false);
  const inputMode = typeof options.inputMode === 'string' ? options.inputMode : undefined;
  const normalize = NORMALIZERS.find((n) => n === options.normalize);
  const masked =
    options.maskOnBlur === true &&
    !editing &&
    typeof value === 'string' &&
    isPlausibleCardNumber(normalizeCardNumber(value));

  return (
    <MuiBaseInputTemplate
      {...props}
      value={masked ? maskCardNumber(value) : value}
      onFocus={(id, data) => {
        setEditing(true);
        onFocus(id, data);
      }}
      onBlur={(id, data) => {
        setEditing(false);
        if (normalize && typeof data === 'string') {
          const tidy = normalizeFieldValue({ normalize }, data);
          if (tidy !== data) onChange(tidy === '' ? options.emptyValue : tidy);
        }
        onBlur(id, data);
      }}
      slotProps={{
        ...slotProps,
        htmlInput: {
          ...slotProps?.htmlInput,
          ...(inputMode ? { inputMode } : {}),
        },
      }}
    />
  );
}
