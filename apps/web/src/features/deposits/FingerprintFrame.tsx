import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { fingerprintFromMessage } from './fingerprintFromMessage.js';

export interface FingerprintFrameProps {
  src: string;
  /** Called once with the device data, or `{}` when none came (the PSP needs none). */
  onDone: (ddc: Record<string, string>, received: boolean) => void;
  /** How long to wait for a message before going on without one. */
  timeoutMs: number;
}

/**
 * The orchestrator's fingerprint page in an iframe sandboxed to scripts only (no same-origin: it
 * cannot read our cookies or DOM). Its script posts `{ fingerprint }` to us. An empty answer
 * (204) loads nothing and posts nothing, so after `timeoutMs` the deposit goes on with `ddc: {}`.
 */
export function FingerprintFrame({ src, onDone, timeoutMs }: FingerprintFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const done = useRef(false);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    done.current = false;
    const finish = (ddc: Record<string, string>, received: boolean): void => {
      if (done.current) return;
      done.current = true;
      onDoneRef.current(ddc, received);
    };
    const onMessage = (event: MessageEvent): void => {
      const ddc = fingerprintFromMessage(event, frame.current?.contentWindow);
      if (ddc) finish(ddc, true);
    };
    window.addEventListener('message', onMessage);
    const timer = window.setTimeout(() => finish({}, false), timeoutMs);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(timer);
    };
  }, [src, timeoutMs]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography role="status">Collecting the device fingerprint…</Typography>
      <iframe
        ref={frame}
        title="Card fingerprint (device data collection)"
        sandbox="allow-scripts allow-forms"
        src={src}
        style={{ width: '100%', height: 80, border: '1px dashed' }}
      />
      <Box>
        <Button
          size="small"
          onClick={() => {
            if (done.current) return;
            done.current = true;
            onDoneRef.current({}, false);
          }}
        >
          Continue without a fingerprint
        </Button>
      </Box>
    </Box>
  );
}
