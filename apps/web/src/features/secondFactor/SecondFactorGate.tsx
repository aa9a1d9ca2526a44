import type {
  FactorEnrolledDto,
  SessionReply,
  SessionSecurityDto,
  SessionUser,
} from '@payouts/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { MuiRoot } from '../../app/theme/MuiRoot.js';
import { SESSION_QUERY_KEY } from '../session/sessionQueryKey.js';
import { useSignOut } from '../session/useSession.js';
import { AddFactor } from './AddFactor.js';
import { RecoveryCodesDialog } from './RecoveryCodesDialog.js';
import { SecondFactorForm } from './SecondFactorForm.js';

function GatePage({ title, children }: { title: string; children: ReactNode }) {
  const signOut = useSignOut();
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
      <title>{`${title} · Payouts back-office`}</title>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 520 }} elevation={2}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
        <Box sx={{ mt: 3, borderTop: 1, borderColor: 'divider', pt: 2 }}>
          <Button size="small" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            Sign out
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

/** After signing in: a code, a passkey or a recovery code before anything else. */
function VerifyStep({ user, security }: { user: SessionUser; security: SessionSecurityDto }) {
  const queryClient = useQueryClient();
  return (
    <GatePage title="Verify it's you">
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Signed in as {user.email}. Confirm with your second factor to continue.
      </Typography>
      <SecondFactorForm
        methods={security.methods}
        onVerified={(reply: SessionReply) => queryClient.setQueryData(SESSION_QUERY_KEY, reply)}
      />
    </GatePage>
  );
}

/** A user who must have a second factor and has none sets one up before anything else. */
function EnrolStep({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const done = () => void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  const onEnrolled = ({ recovery_codes }: FactorEnrolledDto) => {
    if (recovery_codes && recovery_codes.length > 0) setCodes(recovery_codes);
    else done();
  };
  return (
    <GatePage title="Set up a second factor">
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Signed in as {user.email}. Your account needs a second factor before you can continue: an
        authenticator app on your phone, or a passkey.
      </Typography>
      <AddFactor heading="h2" onEnrolled={onEnrolled} />
      {codes ? <RecoveryCodesDialog codes={codes} onDone={done} /> : null}
    </GatePage>
  );
}

/**
 * What a session that still owes a second factor sees instead of the app (RequireSession). It is
 * shown outside the signed-in frame, so it renders MUI's root itself.
 */
export function SecondFactorGate({
  user,
  security,
}: {
  user: SessionUser;
  security: SessionSecurityDto;
}) {
  return (
    <MuiRoot>
      {security.second_factor === 'enrol' ? (
        <EnrolStep user={user} />
      ) : (
        <VerifyStep user={user} security={security} />
      )}
    </MuiRoot>
  );
}
