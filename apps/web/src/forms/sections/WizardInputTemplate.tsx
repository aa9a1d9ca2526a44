import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import {
  isPlausibleCardNumber,
  maskCardNumber,
  normalizeCardNumber,
  normalizeFieldValue,
  type FieldNormalizer,
} from '@payouts/contracts';
import { SchemaExamples } from '@rjsf/core';
import {
  errorId,
  examplesId,
  getInputProps,
  helpId,
  labelValue,
  type BaseInputTemplateProps,
} from '@rjsf/utils';
import {
  memo,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type HTMLAttributes,
  type KeyboardEvent,
} from 'react';
import { useLatest } from '../../components/useLatest.js';

const NORMALIZERS: readonly FieldNormalizer[] = ['trim', 'cardNumber', 'phone', 'none'];

/**
 * How long typing may pause before what was typed reaches the form. A keystroke re-renders this
 * input only; the form (RJSF re-renders every field's template with each change) learns the value
 * when typing pauses, when the field is left or when Enter submits.
 */
export const INPUT_COMMIT_DELAY_MS = 250;

/**
 * The form's `formContext` as the section forms give it: `onTyped` hears every keystroke of a
 * top-level field at once (its name and the value the form will get), so whoever keeps the
 * section's values (the wizard's draft) has them even if the page is left before the form does.
 */
export interface WizardFormContext {
  onTyped?: (name: string, value: unknown) => void;
}

/**
 * The PSP sections' text input. It is MUI's outlined input and label without the `TextField`
 * around them: the field template already wraps each field in a `FormControl` (error, required,
 * focus and filled state come from there), so a second one per field is only render cost; the
 * sections mount a dozen of these at once and re-render one per keystroke.
 *
 * Beyond a plain input: `ui:inputMode` (numeric keypads on phones), tidying on blur the way the
 * BFF tidies (`ui:normalize`), and a card number shown as 6 + 4 once it has been typed and left
 * (`ui:maskOnBlur`), in full again while edited. The input is described by the field's error
 * list and help text when they are shown.
 *
 * While typed, the value is the input's own (see INPUT_COMMIT_DELAY_MS): a keystroke's frame holds
 * this input's render, not the form's.
 */
function WizardInputTemplateRender(props: BaseInputTemplateProps) {
  const {
    id,
    name,
    htmlName,
    placeholder,
    required,
    readonly,
    disabled,
    type,
    label,
    hideLabel,
    autofocus,
    options,
    schema,
    uiSchema,
    rawErrors,
    onBlur,
    onFocus,
    onChange,
    onChangeOverride,
  } = props;
  // RJSF types widget values as `any`; this template only handles text and numbers.
  const value: unknown = props.value;
  const [editing, setEditing] = useState(false);
  /** What was typed and not yet given to the form; null when the form has it. */
  const [typed, setTyped] = useState<string | null>(null);
  const pending = useRef<{ value: string; timer: ReturnType<typeof setTimeout> } | null>(null);
  const latest = useLatest({ onChange, emptyValue: options.emptyValue as unknown });
  const onTyped = (props.registry.formContext as WizardFormContext | undefined)?.onTyped;
  /** Gives the form what was typed, now. */
  const [commit] = useState(() => (): void => {
    const waiting = pending.current;
    if (waiting === null) return;
    clearTimeout(waiting.timer);
    pending.current = null;
    latest.current.onChange(waiting.value === '' ? latest.current.emptyValue : waiting.value);
  });
  // Unmounted mid-word (a step or section change): the form still gets the last keys. Leaving the
  // page ends the form too, so the draft has them from `onTyped`.
  useEffect(() => commit, [commit]);
  const {
    type: inputType,
    step,
    min,
    max,
    accept,
    autoCapitalize,
    ...inputProps
  } = getInputProps(schema, type as string | undefined, options);
  const inputMode =
    typeof options.inputMode === 'string'
      ? (options.inputMode as HTMLAttributes<HTMLInputElement>['inputMode'])
      : undefined;
  const normalize = NORMALIZERS.find((n) => n === options.normalize);
  const masked =
    options.maskOnBlur === true &&
    !editing &&
    typeof value === 'string' &&
    isPlausibleCardNumber(normalizeCardNumber(value));
  const shown = typed ?? (masked ? maskCardNumber(value) : value);
  const labelText = labelValue(label || undefined, hideLabel, undefined);
  const hasErrors = (rawErrors?.length ?? 0) > 0;
  const hasHelp = uiSchema?.['ui:help'] !== undefined || options.help !== undefined;
  const describedBy =
    [
      hasErrors ? errorId(id) : null,
      hasHelp ? helpId(id) : null,
      schema.examples ? examplesId(id) : null,
    ]
      .filter((part) => part !== null)
      .join(' ') || undefined;

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void => {
    const next = event.target.value;
    setTyped(next);
    onTyped?.(name, next === '' ? options.emptyValue : next);
    if (pending.current !== null) clearTimeout(pending.current.timer);
    pending.current = { value: next, timer: setTimeout(commit, INPUT_COMMIT_DELAY_MS) };
  };
  // Enter submits the form: it must hold what was typed first.
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>): void => {
    if (event.key === 'Enter') commit();
  };
  const handleFocus = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>): void => {
    setEditing(true);
    onFocus(id, event.target.value);
  };
  const handleBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>): void => {
    const data = event.target.value;
    commit();
    setTyped(null);
    setEditing(false);
    if (normalize) {
      const tidy = normalizeFieldValue({ normalize }, data);
      if (tidy !== data) onChange(tidy === '' ? options.emptyValue : tidy);
    }
    onBlur(id, data);
  };

  return (
    <>
      {labelText ? (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {labelText}
        </InputLabel>
      ) : null}
      <OutlinedInput
        id={id}
        name={htmlName || id}
        type={inputType}
        label={labelText}
        placeholder={placeholder}
        required={required}
        disabled={disabled || readonly}
        error={hasErrors}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only when the uiSchema asks for it
        autoFocus={autofocus}
        value={shown || shown === 0 ? shown : ''}
        onChange={onChangeOverride ?? handleChange}
        onKeyDown={handleKeyDown}
        onBlur={handleBlur}
        onFocus={handleFocus}
        inputProps={{
          ...inputProps,
          step,
          min,
          max,
          accept,
          ...(autoCapitalize === undefined ? {} : { autoCapitalize }),
          ...(schema.examples ? { list: examplesId(id) } : {}),
          ...(inputMode ? { inputMode } : {}),
          'aria-describedby': describedBy,
        }}
      />
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}

/** RJSF re-renders every field's template when the form does; only the edited one changed. */
export const WizardInputTemplate = memo(WizardInputTemplateRender);
