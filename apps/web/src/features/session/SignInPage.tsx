import type { AuthOptionsDto, SignInRefusal } from '@payouts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { errorMessage, retryText } from '../../components/errorMessage.js';
import { Spinner } from '../../components/Spinner.js';
import { safeNextPath } from './safeNextPath.js';
import { useSession, useSignIn } from './useSession.js';
import './SignInPage.css';

interface FieldProblems {
  email?: string;
  password?: string;
}

function fieldProblems(error: unknown): FieldProblems {
  if (!isApiError(error, 'validation_failed')) return {};
  const problems: FieldProblems = {};
  for (const { pointer, message } of error.errors) {
    if (pointer === '/email') problems.email ??= message;
    if (pointer === '/password') problems.password ??= message;
  }
  return problems;
}

/** Why single sign-on sent the browser back here (`/sign-in?error=…`). */
const REFUSALS: Record<SignInRefusal, string> = {
  no_role:
    'Your company account has no role in this app. Ask your administrator to add you to a payouts group.',
  disabled:
    'Your account is disabled in this app. Ask your administrator if you still need access.',
  provider_error:
    "Your company's sign-in service sent an answer that could not be checked. Try again; if it keeps happening, tell your administrator.",
  cancelled:
    "Sign-in was cancelled at your company's sign-in service. Try again when you are ready.",
  expired: 'The sign-in took too long or its link was already used. Try again.',
};

function refusalMessage(error: string | null): string | null {
  if (error === null) return null;
  return Object.hasOwn(REFUSALS, error)
    ? REFUSALS[error as SignInRefusal]
    : 'Sign-in did not complete. Try again.';
}

// When the options cannot be read, offer what every deployment had before single sign-on.
const PASSWORD_ONLY: AuthOptionsDto = { password: 'on', oidc: null };

function formProblem(error: unknown): string | null {
  if (!error) return null;
  if (isApiError(error, 'password_sign_in_disabled')) {
    return 'Password sign-in is turned off here. Use single sign-on.';
  }
  if (isApiError(error, 'validation_failed') && error.errors.length > 0) return null;
  if (isApiError(error, 'unauthenticated')) return 'Email or password is incorrect.';
  if (isApiError(error, 'rate_limited')) {
    return error.retryAfterSeconds !== undefined
      ? `Too many sign-in attempts. Try again in ${retryText(error.retryAfterSeconds)}.`
      : 'Too many sign-in attempts. Try again later.';
  }
  return errorMessage(error);
}

/** MUI's alert icons (ErrorOutline, ReportProblemOutlined), as `Alert` draws them. */
const ALERT_ICONS = {
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
  warning: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
} as const;

/** MUI's standard `Alert` (role="alert", as MUI's): SignInPage.css draws it. */
function Alert({ severity, children }: { severity: 'error' | 'warning'; children: ReactNode }) {
  return (
    <div className={`sign-in-alert sign-in-alert-${severity}`} role="alert">
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
function Field({
  label,
  type,
  autoComplete,
  value,
  onChange,
  problem,
}: {
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | undefined;
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
          aria-describedby={problem !== undefined ? helpId : undefined}
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
      {problem !== undefined ? (
        <p id={helpId} className="sign-in-help">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The sign-in page, in plain HTML styled by SignInPage.css to look like the app's MUI theme in
 * either scheme: without MUI and emotion, the page downloads about 40 kB less (
 * docs/decisions/033).
 */
export function SignInPage() {
  const api = useApi();
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const next = safeNextPath(searchParams.get('next'));
  const refusal = refusalMessage(searchParams.get('error'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<FieldProblems>({});
  const [breakGlassOpen, setBreakGlassOpen] = useState(false);
  const breakGlassId = useId();
  const authOptions = useQuery({
    queryKey: ['authOptions'],
    queryFn: async ({ signal }) => (await api.security()).authOptions(signal),
    staleTime: Infinity,
    retry: false,
  });

  if (user) return <Navigate to={next} replace />;
  const options = authOptions.isError ? PASSWORD_ONLY : authOptions.data;

  const fromServer = fieldProblems(signIn.error);
  const emailProblem = missing.email ?? fromServer.email;
  const passwordProblem = missing.password ?? fromServer.password;
  const problem = formProblem(signIn.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    if (signIn.isPending) return;
    const required: FieldProblems = {
      ...(email.trim() === '' ? { email: 'Enter your email.' } : {}),
      ...(password === '' ? { password: 'Enter your password.' } : {}),
    };
    setMissing(required);
    if (required.email || required.password) return;
    signIn.mutate(
      { email: email.trim(), password },
      { onSuccess: () => void navigate(next, { replace: true }) },
    );
  };

  const passwordForm = (
    <form className="sign-in-form" noValidate onSubmit={onSubmit}>
      {problem ? <Alert severity="error">{problem}</Alert> : null}
      <Field
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
        problem={emailProblem}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        problem={passwordProblem}
      />
      <button
        type="submit"
        className="sign-in-button sign-in-contained"
        disabled={signIn.isPending}
        aria-busy={signIn.isPending}
      >
        Sign in
        {signIn.isPending ? <Spinner size={16} /> : null}
      </button>
    </form>
  );

  return (
    <main className="sign-in">
      <title>Sign in · Payouts back-office</title>
      <div className="sign-in-card">
        <h1>Sign in</h1>
        <p className="sign-in-subtitle">Payouts back-office</p>
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        {options === undefined ? <Spinner label="Loading sign-in options" /> : null}
        {options?.oidc ? (
          <a
            className="sign-in-button sign-in-contained"
            href={`/api/auth/oidc/start?return_to=${encodeURIComponent(next)}`}
          >
            Sign in with {options.oidc.name}
          </a>
        ) : null}
        {options?.password === 'on' ? (
          <>
            {options.oidc ? (
              <div className="sign-in-divider" role="separator">
                <span>or with your password</span>
              </div>
            ) : null}
            {passwordForm}
          </>
        ) : null}
        {options?.password === 'break_glass' ? (
          <div className="sign-in-break-glass">
            <button
              type="button"
              className="sign-in-button sign-in-text"
              aria-expanded={breakGlassOpen}
              aria-controls={breakGlassId}
              onClick={() => setBreakGlassOpen((open) => !open)}
            >
              Break-glass sign-in
            </button>
            {breakGlassOpen ? (
              <div id={breakGlassId} className="sign-in-form sign-in-break-glass-panel">
                <Alert severity="warning">
                  For emergencies only, when single sign-on is not working. Every break-glass
                  sign-in is audited and reviewed.
                </Alert>
                {passwordForm}
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </main>
  );
}
