import { PASSWORD_RESET_TTL_MINUTES } from '@payouts/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { errorMessage } from '../../components/errorMessage.js';
import { Alert, Field, SubmitButton } from './PlainForm.js';

/**
 * "Forgot your password?": the account at the address typed, if there is one, is e-mailed a
 * link to choose a new password. The page says the same whatever the address, so it tells no
 * one who has an account. Plain HTML, like the sign-in page.
 */
export function PasswordResetPage() {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const request = useMutation({
    mutationFn: (address: string) => api.session.requestPasswordReset(address),
  });
  const fieldProblem = isApiError(request.error, 'validation_failed')
    ? request.error.errors.find((e) => e.pointer === '/email')?.message
    : undefined;
  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    setMissing(email.trim() === '');
    if (email.trim() === '' || request.isPending) return;
    request.mutate(email.trim());
  };
  return (
    <main className="sign-in">
      <title>Forgot your password? · Payouts back-office</title>
      <div className="sign-in-card">
        <h1>Forgot your password?</h1>
        <p className="sign-in-subtitle">Payouts back-office</p>
        {request.isSuccess ? (
          <Alert severity="success">
            If an account with a password uses {request.variables}, a link to choose a new one is on
            its way. It works for {PASSWORD_RESET_TTL_MINUTES} minutes; your current password works
            until you use it.
          </Alert>
        ) : (
          <form className="sign-in-form" noValidate onSubmit={onSubmit}>
            {request.isError && !fieldProblem ? (
              <Alert severity="error">{errorMessage(request.error)}</Alert>
            ) : null}
            <p className="sign-in-intro">
              Enter the e-mail address you sign in with. We e-mail it a link to choose a new
              password.
            </p>
            <Field
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={setEmail}
              problem={missing ? 'Enter your email.' : fieldProblem}
            />
            <SubmitButton pending={request.isPending}>Send link</SubmitButton>
          </form>
        )}
        <p className="sign-in-footnote">
          <Link to="/sign-in">Back to sign-in</Link>
        </p>
      </div>
    </main>
  );
}
