import type { SecondFactorMethod, SessionReply } from '@payouts/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { verifyProblem } from './secondFactorText.js';

type CodeMethod = 'totp' | 'recovery_code';

/**
 * Asks for a second factor and sends it (`POST /api/session/verify`): a code from the
 * authenticator app, a passkey, or a recovery code. Used by the sign-in step and the step-up
 * dialog; `onVerified` gets the session as it now is.
 */
export function SecondFactorForm({
  methods,
  submitLabel = 'Verify',
  onVerified,
  onCancel,
}: {
  methods: readonly SecondFactorMethod[];
  submitLabel?: string;
  onVerified: (reply: SessionReply) => void;
  onCancel?: () => void;
}) {
  const api = useApi();
  const [method, setMethod] = useState<CodeMethod>(
    methods.includes('totp') || !methods.includes('recovery_code') ? 'totp' : 'recovery_code',
  );
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<'code' | 'passkey' | null>(null);

  const run = async (kind: 'code' | 'passkey', verify: () => Promise<SessionReply>) => {
    setPending(kind);
    setProblem(null);
    try {
      const reply = await verify();
      onVerified(reply);
    } catch (error) {
      setProblem(verifyProblem(error));
      setPending(null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = code.replace(/\s+/g, '');
    setMissing(trimmed === '');
    if (trimmed === '') return;
    void run('code', async () => (await api.security()).verify({ method, code: trimmed }));
  };

  const verifyWithPasskey = () =>
    run('passkey', async () => {
      const security = await api.security();
      const optionsJSON = await security.verifyOptions();
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON });
      return security.verify({
        method: 'passkey',
        response: response as unknown as Record<string, unknown>,
      });
    });

  const switchTo = (next: CodeMethod) => {
    setMethod(next);
    setCode('');
    setMissing(false);
    setProblem(null);
  };

  const totp = method === 'totp';
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <TextField
        key={method}
        label={totp ? 'Authenticator code' : 'Recovery code'}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the one field of a step (or dialog) the user came to fill in
        autoFocus
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={missing}
        helperText={
          missing
            ? totp
              ? 'Enter the 6-digit code from your authenticator app.'
              : 'Enter one of your recovery codes.'
            : totp
              ? 'The 6-digit code your authenticator app shows now.'
              : 'One of the codes you saved when you set up your second factor. Each works once.'
        }
        slotProps={{
          htmlInput: totp
            ? { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 }
            : { autoCapitalize: 'none', spellCheck: false },
        }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel ? (
          <Button onClick={onCancel} disabled={pending !== null}>
            Cancel
          </Button>
        ) : null}
        <Button
          type="submit"
          variant="contained"
          loading={pending === 'code'}
          disabled={pending === 'passkey'}
        >
          {submitLabel}
        </Button>
      </Stack>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        {methods.includes('passkey') ? (
          <Button
            variant="outlined"
            loading={pending === 'passkey'}
            disabled={pending === 'code'}
            onClick={() => void verifyWithPasskey()}
          >
            Use a passkey
          </Button>
        ) : null}
        {totp && methods.includes('recovery_code') ? (
          <Button size="small" onClick={() => switchTo('recovery_code')}>
            Use a recovery code
          </Button>
        ) : null}
        {!totp && methods.includes('totp') ? (
          <Button size="small" onClick={() => switchTo('totp')}>
            Use your authenticator app
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
