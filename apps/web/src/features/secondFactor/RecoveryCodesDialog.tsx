import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { downloadText } from '../batches/downloadText.js';

/**
 * Recovery codes, shown this once (the server keeps them hashed). It only closes with
 * "I saved them": a click beside it must not lose them.
 */
export function RecoveryCodesDialog({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const titleId = useId();
  const textId = useId();
  const [copied, setCopied] = useState<boolean | null>(null);
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog open aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Save your recovery codes</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Each code signs you in once if you cannot use your authenticator app or passkey. Keep them
          somewhere safe: they are shown only now.
        </DialogContentText>
        <Box
          component="ul"
          aria-label="Recovery codes"
          sx={{
            fontFamily: 'monospace',
            fontSize: '1.1rem',
            listStyle: 'none',
            p: 0,
            my: 2,
            display: 'grid',
            gridTemplateColumns: 'repeat(2, max-content)',
            columnGap: 4,
          }}
        >
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Box>
        {copied === true ? (
          <Alert severity="success" role="status">
            Copied.
          </Alert>
        ) : null}
        {copied === false ? (
          <Alert severity="warning" role="status">
            They could not be copied. Download them, or write them down.
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>Copy</Button>
        <Button
          onClick={() =>
            downloadText('payouts-recovery-codes.txt', text, 'text/plain;charset=utf-8')
          }
        >
          Download
        </Button>
        <Button variant="contained" onClick={onDone}>
          I saved them
        </Button>
      </DialogActions>
    </Dialog>
  );
}
