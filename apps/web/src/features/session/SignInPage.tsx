import type { AuthOptionsDto, SignInRefusal } from '@payouts/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { errorMessage, retryText } from '../../components/errorMessage.js';
import { OutlinedField } from '../../components/OutlinedField.js';
import { safeNextPath } from './safeNextPath.js';
import { useSession, useSignIn } from './useSession.js';

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
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <OutlinedField
        label="Email"
        type="email"
        size="medium"
        autoComplete="username"
        required
        value={email}
        onChange={setEmail}
        error={emailProblem !== undefined}
        helperText={emailProblem}
      />
      <OutlinedField
        label="Password"
        type="password"
        size="medium"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
        error={passwordProblem !== undefined}
        helperText={passwordProblem}
      />
      <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
        Sign in
      </Button>
    </Stack>
  );

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <title>Sign in · Payouts back-office</title>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 420 }} elevation={2}>
        <Typography variant="h4" component="h1" gutterBottom>
          Sign in
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Payouts back-office
        </Typography>
        {refusal ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {refusal}
          </Alert>
        ) : null}
        {options === undefined ? <CircularProgress aria-label="Loading sign-in options" /> : null}
        {options?.oidc ? (
          <Button
            variant="contained"
            size="large"
            fullWidth
            href={`/api/auth/oidc/start?return_to=${encodeURIComponent(next)}`}
          >
            Sign in with {options.oidc.name}
          </Button>
        ) : null}
        {options?.password === 'on' ? (
          <>
            {options.oidc ? <Divider sx={{ my: 3 }}>or with your password</Divider> : null}
            {passwordForm}
          </>
        ) : null}
        {options?.password === 'break_glass' ? (
          <Box sx={{ mt: 3 }}>
            <Button
              size="small"
              aria-expanded={breakGlassOpen}
              aria-controls={breakGlassId}
              onClick={() => setBreakGlassOpen((open) => !open)}
            >
              Break-glass sign-in
            </Button>
            <Collapse in={breakGlassOpen} id={breakGlassId} unmountOnExit>
              <Stack spacing={2} sx={{ mt: 2 }}>
                <Alert severity="warning">
                  For emergencies only, when single sign-on is not working. Every break-glass
                  sign-in is audited and reviewed.
                </Alert>
                {passwordForm}
              </Stack>
            </Collapse>
          </Box>
        ) : null}
      </Paper>
    </Box>
  );
}
