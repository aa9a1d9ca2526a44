import type { StaffSessionDto } from '@payouts/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '../../components/formatDateTime.js';

/** `End the session on Chrome on Linux from 203.0.113.7`. */
export function endSessionLabel(session: StaffSessionDto): string {
  return `End the session on ${session.device} from ${session.ip ?? 'an unknown address'}`;
}

/** Sessions, one row each; every one but the current one has an End button. */
export function SessionsTable({
  label,
  sessions,
  disabled,
  onEnd,
}: {
  label: string;
  sessions: StaffSessionDto[];
  disabled: boolean;
  onEnd: (session: StaffSessionDto) => void;
}) {
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Device</TableCell>
            <TableCell>IP address</TableCell>
            <TableCell>Started</TableCell>
            <TableCell>Last seen</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((session) => (
            <TableRow key={session.id}>
              <TableCell component="th" scope="row">
                {session.device}
                {session.current ? (
                  <Chip size="small" color="primary" label="This device" sx={{ ml: 1 }} />
                ) : null}
              </TableCell>
              <TableCell>{session.ip ?? 'Unknown'}</TableCell>
              <TableCell>{formatDateTime(session.started_at)}</TableCell>
              <TableCell>{formatDateTime(session.last_seen_at)}</TableCell>
              <TableCell>
                {session.current ? null : (
                  <Button
                    size="small"
                    color="error"
                    disabled={disabled}
                    aria-label={endSessionLabel(session)}
                    onClick={() => onEnd(session)}
                  >
                    End
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** `1 session has ended.`, `3 sessions have ended.`, `There were no sessions to end.` */
export function endedText(ended: number, what = 'session'): string {
  if (ended === 0) return `There were no ${what}s to end.`;
  return ended === 1 ? `1 ${what} has ended.` : `${ended} ${what}s have ended.`;
}
