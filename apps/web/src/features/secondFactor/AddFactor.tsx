import type { FactorEnrolledDto, TotpEnrolmentDto } from '@payouts/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { errorMessage } from '../../components/errorMessage.js';
import { verifyProblem } from './secondFactorText.js';

/** The QR code of an `otpauth://` URL as an SVG data URL (the CSP allows `img-src data:`). */
async function qrCodeDataUrl(text: string): Promise<string> {
  const QRCode = await import('qrcode');
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The secret in groups of four, easier to type. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

function TotpSetup({
  enrolment,
  heading,
  onEnrolled,
  onCancel,
}: {
  enrolment: TotpEnrolmentDto;
  heading: 'h2' | 'h3';
  onEnrolled: (enrolled: FactorEnrolledDto) => void;
  onCancel: () => void;
}) {
  const api = useApi();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    qrCodeDataUrl(enrolment.otpauth_url).then(
      (url) => live && setQr(url),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [enrolment.otpauth_url]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = code.replace(/\s+/g, '');
    setMissing(!/^\d{6}$/.test(trimmed));
    if (!/^\d{6}$/.test(trimmed) || pending) return;
    setPending(true);
    setProblem(null);
    try {
      onEnrolled(await (await api.security()).confirmTotp(enrolment.id, trimmed));
    } catch (error) {
      setProblem(verifyProblem(error));
      setPending(false);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby="totp-setup-heading"
    >
      <Typography variant="h6" component={heading} id="totp-setup-heading">
        Set up your authenticator app
      </Typography>
      <Typography variant="body2">
        Scan this QR code with your authenticator app, or type the key below into it.
      </Typography>
      <Box sx={{ width: 200, height: 200, bgcolor: '#fff', borderRadius: 1 }}>
        {qr ? (
          <img
            src={qr}
            width={200}
            height={200}
            alt="QR code to scan with your authenticator app"
          />
        ) : null}
      </Box>
      <Box>
        <Typography variant="body2" id="totp-secret-label">
          Key for typing in:
        </Typography>
        <Typography
          component="code"
          aria-labelledby="totp-secret-label"
          data-testid="totp-secret"
          sx={{ fontFamily: 'monospace', fontSize: '1.1rem', wordBreak: 'break-all' }}
        >
          {groupSecret(enrolment.secret)}
        </Typography>
      </Box>
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <TextField
        label="Enter the 6-digit code"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={missing}
        helperText={missing ? 'Enter the 6 digits your authenticator app shows now.' : undefined}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
        sx={{ maxWidth: 280 }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={pending}>
          Confirm
        </Button>
        <Button onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * Adds a second factor: an authenticator app (QR code, then a code to confirm) or a passkey
 * (the browser's WebAuthn prompt). `onEnrolled` gets the factor, and the recovery codes when it
 * is the first one.
 */
export function AddFactor({
  heading,
  onEnrolled,
}: {
  /** The level of the set-up's heading under the page's own. */
  heading: 'h2' | 'h3';
  onEnrolled: (enrolled: FactorEnrolledDto) => void;
}) {
  const api = useApi();
  const [label, setLabel] = useState('');
  const [totp, setTotp] = useState<TotpEnrolmentDto | null>(null);
  const [pending, setPending] = useState<'totp' | 'passkey' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const name = label.trim() === '' ? undefined : label.trim();

  const startTotp = async () => {
    setPending('totp');
    setProblem(null);
    try {
      setTotp(await (await api.security()).startTotp(name));
    } catch (error) {
      setProblem(`The authenticator app could not be added. ${errorMessage(error)}`);
    } finally {
      setPending(null);
    }
  };

  const addPasskey = async () => {
    setPending('passkey');
    setProblem(null);
    try {
      const security = await api.security();
      const optionsJSON = await security.passkeyRegistrationOptions();
      const { startRegistration } = await import('@simplewebauthn/browser');
      const response = await startRegistration({ optionsJSON });
      const enrolled = await security.addPasskey(
        name,
        response as unknown as Record<string, unknown>,
      );
      setLabel('');
      onEnrolled(enrolled);
    } catch (error) {
      setProblem(`The passkey could not be added. ${verifyProblem(error)}`);
    } finally {
      setPending(null);
    }
  };

  if (totp) {
    return (
      <TotpSetup
        enrolment={totp}
        heading={heading}
        onCancel={() => setTotp(null)}
        onEnrolled={(enrolled) => {
          setTotp(null);
          setLabel('');
          onEnrolled(enrolled);
        }}
      />
    );
  }
  return (
    <Stack spacing={2}>
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <TextField
        label="Name (optional)"
        helperText="To tell your factors apart, for example: Work phone."
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 60 } }}
        sx={{ maxWidth: 360 }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="contained"
          loading={pending === 'totp'}
          disabled={pending === 'passkey'}
          onClick={() => void startTotp()}
        >
          Add authenticator app
        </Button>
        <Button
          variant="outlined"
          loading={pending === 'passkey'}
          disabled={pending === 'totp'}
          onClick={() => void addPasskey()}
        >
          Add passkey
        </Button>
      </Stack>
    </Stack>
  );
}
