import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { errorMessage, retryText } from '../../components/errorMessage.js';
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

function formProblem(error: unknown): string | null {
  if (!error) return null;
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
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const next = safeNextPath(searchParams.get('next'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<FieldProblems>({});

  if (user) return <Navigate to={next} replace />;

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
        <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
          {problem ? (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          ) : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailProblem !== undefined}
            helperText={emailProblem}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={passwordProblem !== undefined}
            helperText={passwordProblem}
          />
          <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
