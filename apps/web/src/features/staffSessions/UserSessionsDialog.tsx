import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { OutcomeAlerts } from '../../components/OutcomeAlerts.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { endedText, SessionsTable } from './SessionsTable.js';
import { useSessionEndings } from './useStaffSessions.js';

/** An admin's view of a user's sessions: end any, or all (the admin's own current one stays). */
export function UserSessionsDialog({
  user,
  onClose,
}: {
  user: { id: string; name: string };
  onClose: () => void;
}) {
  const titleId = useId();
  const {
    sessions,
    endOne,
    endAll,
    busy,
    ending,
    setEnding,
    endingAll,
    setEndingAll,
    notice,
    failure,
    dismissNotice,
    dismissFailure,
    confirmEndOne,
    confirmEndAll,
  } = useSessionEndings(user.id, endedText);
  const endable = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Sessions of {user.name}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <OutcomeAlerts
            failure={failure}
            notice={notice}
            onDismissFailure={dismissFailure}
            onDismissNotice={dismissNotice}
          />
          {sessions.isError ? (
            <ErrorState
              error={sessions.error}
              title="The sessions could not be loaded"
              onRetry={() => void sessions.refetch()}
            />
          ) : null}
          {sessions.isPending ? <CircularProgress aria-label="Loading sessions" /> : null}
          {sessions.data && sessions.data.length === 0 ? (
            <Typography>{user.name} is not signed in anywhere.</Typography>
          ) : null}
          {sessions.data && sessions.data.length > 0 ? (
            <SessionsTable
              label={`Sessions of ${user.name}`}
              sessions={sessions.data}
              disabled={busy}
              onEnd={(session) => setEnding(session)}
            />
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        {endable > 0 ? (
          <Button color="error" disabled={busy} onClick={() => setEndingAll(true)}>
            End all sessions
          </Button>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      {ending ? (
        <ConfirmDialog
          title="End this session?"
          text={`${user.name}'s session on ${ending.device} from ${ending.ip ?? 'an unknown address'} will be signed out.`}
          confirmLabel="End session"
          pending={endOne.isPending}
          onClose={() => setEnding(null)}
          onConfirm={() => confirmEndOne(ending)}
        />
      ) : null}
      {endingAll ? (
        <ConfirmDialog
          title={`End all sessions of ${user.name}?`}
          text={`${user.name} will be signed out everywhere (${endable} now).`}
          confirmLabel="End sessions"
          pending={endAll.isPending}
          onClose={() => setEndingAll(false)}
          onConfirm={confirmEndAll}
        />
      ) : null}
    </Dialog>
  );
}
