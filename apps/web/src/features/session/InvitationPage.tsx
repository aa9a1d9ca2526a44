import { MIN_PASSWORD_LENGTH, ROLE_TITLES } from '@payouts/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { errorMessage } from '../../components/errorMessage.js';
import { Spinner } from '../../components/Spinner.js';
import { Alert, Field, SubmitButton } from './PlainForm.js';

/** The token of `/invitation#<token>`: 32 random bytes, base64url (the BFF checks it too). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

interface Problems {
  password?: string;
  repeat?: string;
}

function problemsOf(password: string, repeat: string): Problems {
  return {
    ...(password.length < MIN_PASSWORD_LENGTH
      ? { password: `At least ${MIN_PASSWORD_LENGTH} characters.` }
      : {}),
    ...(repeat !== password ? { repeat: 'The two passwords differ.' } : {}),
  };
}

/**
 * How long a link still works, in whole hours (a relative time: the date formatter lives in the
 * signed-in pages' chunk, which this page, like sign-in, does not download).
 */
export function timeLeft(expiresAt: string, now = Date.now()): string {
  const minutes = Math.max(1, Math.floor((Date.parse(expiresAt) - now) / 60_000));
  if (minutes < 120) return minutes === 1 ? 'one more minute' : `${minutes} more minutes`;
  return `${Math.floor(minutes / 60)} more hours`;
}

/** Why a link does not work, for the person holding it. */
function linkProblem(error: unknown): string {
  if (isApiError(error, 'invitation_invalid')) return errorMessage(error);
  if (isApiError(error, 'validation_failed')) {
    return 'This link is incomplete: open the whole link from the e-mail.';
  }
  return errorMessage(error);
}

/**
 * Where an invited person chooses their own password, from the link an admin's invitation
 * e-mailed them (the token is in the fragment, which no server sees). Shown without a session,
 * in plain HTML like the sign-in page.
 */
export function InvitationPage() {
  const api = useApi();
  const navigate = useNavigate();
  const token = useLocation().hash.slice(1);
  const wellFormed = TOKEN.test(token);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => api.session.lookupInvitation(token, signal),
    enabled: wellFormed,
    retry: false,
    staleTime: Infinity,
  });
  const accept = useMutation({
    mutationFn: () => api.session.acceptInvitation({ token, password }),
    onSuccess: (accepted) =>
      void navigate(`/sign-in?email=${encodeURIComponent(accepted.email)}&password_set=1`, {
        replace: true,
      }),
  });

  const problems = submitted ? problemsOf(password, repeat) : {};
  const serverProblem = isApiError(accept.error, 'validation_failed')
    ? accept.error.errors.find((e) => e.pointer === '/password')?.message
    : undefined;
  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setSubmitted(true);
    if (accept.isPending || Object.keys(problemsOf(password, repeat)).length > 0) return;
    accept.mutate();
  };

  const broken = !wellFormed
    ? 'This link is incomplete: open the whole link from the e-mail.'
    : invitation.isError
      ? linkProblem(invitation.error)
      : accept.isError && !serverProblem
        ? linkProblem(accept.error)
        : null;
  const who = invitation.data;
  const heading =
    who?.purpose === 'password_reset' ? 'Choose a new password' : 'Choose your password';

  return (
    <main className="sign-in">
      <title>{`${heading} · Payouts back-office`}</title>
      <div className="sign-in-card">
        <h1>{heading}</h1>
        <p className="sign-in-subtitle">Payouts back-office</p>
        {broken ? (
          <>
            <Alert severity="error">{broken}</Alert>
            <Link className="sign-in-button sign-in-text" to="/sign-in">
              Go to sign-in
            </Link>
          </>
        ) : null}
        {wellFormed && invitation.isPending ? <Spinner label="Checking the link" /> : null}
        {who && !(accept.isError && !serverProblem) ? (
          <form className="sign-in-form" noValidate onSubmit={onSubmit}>
            <p className="sign-in-intro">
              {who.purpose === 'invitation' ? `Welcome, ${who.name}. ` : ''}You sign in as{' '}
              <strong>{who.email}</strong> ({ROLE_TITLES[who.role]}). Only you know the password you
              choose here. The link works once, for {timeLeft(who.expires_at)}.
            </p>
            {/* What a password manager files the new password under. */}
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={who.email}
              readOnly
              hidden
            />
            <Field
              label="New password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              problem={problems.password ?? serverProblem}
              help={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            />
            <Field
              label="Repeat the password"
              type="password"
              autoComplete="new-password"
              value={repeat}
              onChange={setRepeat}
              problem={problems.repeat}
            />
            <SubmitButton pending={accept.isPending}>Set password</SubmitButton>
          </form>
        ) : null}
      </div>
    </main>
  );
}
