import { useId, type ReactNode } from 'react';
import { Spinner } from '../../components/Spinner.js';
import './SignInPage.css';

// The parts of the pages shown without a session (sign-in, invitation), in plain HTML styled by
// SignInPage.css to look like the app's MUI theme: those pages download no MUI (decision 033).

/** MUI's alert icons (ErrorOutline, ReportProblemOutlined), as `Alert` draws them. */
const ALERT_ICONS = {
  // CheckCircleOutline.
  success:
    'M20 12a8 8 0 0 1-8 8 8 8 0 0 1-8-8 8 8 0 0 1 8-8c.76 0 1.5.11 2.2.31l1.57-1.57A9.822 9.822 0 0 0 12 2 10 10 0 0 0 2 12a10 10 0 0 0 10 10 10 10 0 0 0 10-10M7.91 10.08 6.5 11.5 11 16 21 6l-1.41-1.42L11 13.17l-3.09-3.09Z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  warning: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
} as const;

/** MUI's standard `Alert` (role "alert" as MUI's, "status" for a success): SignInPage.css draws it. */
export function Alert({
  severity,
  children,
}: {
  severity: keyof typeof ALERT_ICONS;
  children: ReactNode;
}) {
  return (
    <div
      className={`sign-in-alert sign-in-alert-${severity}`}
      role={severity === 'success' ? 'status' : 'alert'}
    >
      <svg className="sign-in-alert-icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d={ALERT_ICONS[severity]} />
      </svg>
      <div className="sign-in-alert-message">{children}</div>
    </div>
  );
}

/**
 * MUI's outlined text field (medium, required): the label in the field until it is focused or
 * filled, then on its border; the problem under it, as its description.
 */
export function Field({
  label,
  type,
  autoComplete,
  value,
  onChange,
  problem,
  help,
}: {
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
  /** Shown under the field while it has no problem. */
  help?: string;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const classes = ['sign-in-field'];
  if (value !== '') classes.push('sign-in-field-filled');
  if (problem !== undefined) classes.push('sign-in-field-error');
  return (
    <div className={classes.join(' ')}>
      <div className="sign-in-input">
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem !== undefined}
          aria-describedby={(problem ?? help) !== undefined ? helpId : undefined}
        />
        <label htmlFor={id}>
          {label}
          <span aria-hidden="true">&thinsp;*</span>
        </label>
        {/* The border, with a gap for the label once it sits on it (MUI's NotchedOutline). */}
        <fieldset aria-hidden="true">
          <legend>
            <span>{label}&thinsp;*</span>
          </legend>
        </fieldset>
      </div>
      {(problem ?? help) !== undefined ? (
        <p id={helpId} className="sign-in-help">
          {problem ?? help}
        </p>
      ) : null}
    </div>
  );
}

/** MUI's contained button, full width, busy with a spinner while its form is sent. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="sign-in-button sign-in-contained"
      disabled={pending}
      aria-busy={pending}
    >
      {children}
      {pending ? <Spinner size={16} /> : null}
    </button>
  );
}
