import type { AuthOptionsDto, SignInRefusal } from '@payouts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { errorMessage, retryText } from '../../components/errorMessage.js';
import { Spinner } from '../../components/Spinner.js';
import { Alert, Field, SubmitButton } from './PlainForm.js';
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
const PASSWORD_ONLY: AuthOptionsDto = { password: 'on', oidc: null, demo_mailbox: false };

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
  // Back from choosing a password with an invitation: the e-mail filled in, and a word why.
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const passwordSet = searchParams.get('password_set') === '1';
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
      <SubmitButton pending={signIn.isPending}>Sign in</SubmitButton>
    </form>
  );

  return (
    <main className="sign-in">
      <title>Sign in · Payouts back-office</title>
      <div className="sign-in-card">
        <h1>Sign in</h1>
        <p className="sign-in-subtitle">Payouts back-office</p>
        {refusal ? <Alert severity="error">{refusal}</Alert> : null}
        {passwordSet && !signIn.isError ? (
          <Alert severity="success">Your password is set. Sign in with it.</Alert>
        ) : null}
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
        {options?.password === 'on' ? (
          <p className="sign-in-footnote">
            <Link to="/password-reset">Forgot your password?</Link>
          </p>
        ) : null}
        {options?.demo_mailbox ? (
          <p className="sign-in-footnote">
            Invited to this demo? Your e-mail is in the <Link to="/mailbox">demo mailbox</Link>.
          </p>
        ) : null}
      </div>
    </main>
  );
}
