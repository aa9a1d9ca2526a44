import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { ErrorState } from '../../components/ErrorState.js';
import { OutcomeAlerts } from '../../components/OutcomeAlerts.js';
import { SecondFactorSection } from '../secondFactor/SecondFactorSection.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { endedText, SessionsTable } from './SessionsTable.js';
import { useSessionEndings } from './useStaffSessions.js';

// The Users page loads its sessions dialog from this module (see UsersPage), and the session
// gate and the step-up dialog theirs: one chunk for the account's security views. A chunk of
// their own each would count as two more entries sharing MUI's modules, which moves the bundler's
// `shell` group (vite.config.ts) and adds some 6 kB to every route.
export { UserSessionsDialog } from './UserSessionsDialog.js';
export { SecondFactorGate } from '../secondFactor/SecondFactorGate.js';
export { askForStepUp } from '../secondFactor/askForStepUp.js';

/** One's own account security: second factors, and the sessions one is signed in with. */
export function SecurityPage() {
  const {
    sessions,
    endOne,
    endAll: endOthers,
    busy,
    ending,
    setEnding,
    endingAll: endingOthers,
    setEndingAll: setEndingOthers,
    notice,
    failure,
    dismissNotice,
    dismissFailure,
    confirmEndOne,
    confirmEndAll: confirmEndOthers,
  } = useSessionEndings(undefined, (ended) => endedText(ended, 'other session'));
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Security · Payouts back-office</title>
      <Typography variant="h4" component="h1">
        Security
      </Typography>
      <SecondFactorSection />
      <Box component="section" aria-labelledby="security-sessions" sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2" id="security-sessions" sx={{ flexGrow: 1 }}>
            Sessions
          </Typography>
          {others > 0 ? (
            <Button
              variant="outlined"
              color="error"
              disabled={busy}
              onClick={() => setEndingOthers(true)}
            >
              End all other sessions
            </Button>
          ) : null}
        </Box>
        <Typography variant="body2" color="textSecondary">
          Where you are signed in. End a session you do not recognise; it is signed out within
          seconds.
        </Typography>
        <OutcomeAlerts
          failure={failure}
          notice={notice}
          onDismissFailure={dismissFailure}
          onDismissNotice={dismissNotice}
        />
        {sessions.isError ? (
          <ErrorState
            error={sessions.error}
            title="Your sessions could not be loaded"
            onRetry={() => void sessions.refetch()}
          />
        ) : null}
        {sessions.isPending ? <CircularProgress aria-label="Loading sessions" /> : null}
        {sessions.data && sessions.data.length === 0 ? <Typography>No sessions.</Typography> : null}
        {sessions.data && sessions.data.length > 0 ? (
          <SessionsTable
            label="Your sessions"
            sessions={sessions.data}
            disabled={busy}
            onEnd={(session) => {
              endOne.reset();
              setEnding(session);
            }}
          />
        ) : null}
        {sessions.data && sessions.data.length > 0 && others === 0 ? (
          <Typography variant="body2">You are signed in on this device only.</Typography>
        ) : null}
      </Box>
      {ending ? (
        <ConfirmDialog
          title="End this session?"
          text={`The session on ${ending.device} from ${ending.ip ?? 'an unknown address'} will be signed out.`}
          confirmLabel="End session"
          pending={endOne.isPending}
          onClose={() => setEnding(null)}
          onConfirm={() => confirmEndOne(ending)}
        />
      ) : null}
      {endingOthers ? (
        <ConfirmDialog
          title="End all other sessions?"
          text={`Every session but this device's will be signed out (${others} now).`}
          confirmLabel="End sessions"
          pending={endOthers.isPending}
          onClose={() => setEndingOthers(false)}
          onConfirm={confirmEndOthers}
        />
      ) : null}
    </Box>
  );
}
