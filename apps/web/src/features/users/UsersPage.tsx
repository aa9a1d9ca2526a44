import {
  INVITATION_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
  type NewStaffUserBody,
  ROLE_TITLES,
  type StaffUserDto,
  type StaffUserPatchBody,
} from '@payouts/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { ErrorState } from '../../components/ErrorState.js';
import { errorMessage } from '../../components/errorMessage.js';
import { ConfirmDialog } from '../staffSessions/ConfirmDialog.js';
import { useSession } from '../session/useSession.js';
import { CreateUserDialog } from './UserDialogs.js';
import { userChangeText } from './userChangeText.js';
import { USER_CHANGES_KEY, UserChangesPanel } from './UserChangesPanel.js';
import { isUserChange } from './usersApi.js';
import { UsersTable } from './UsersTable.js';
import { userMutationMessage } from './userMutationMessage.js';

const USERS_KEY = ['users'] as const;

// Loaded on the first "Sessions" click, from the Security page's chunk: one chunk for all the
// sessions views keeps the entry's preload map (in the list page's budget) one name shorter.
const UserSessionsDialog = lazy(() =>
  import('../staffSessions/SecurityPage.js').then((m) => ({
    default: m.UserSessionsDialog,
  })),
);

/**
 * Staff accounts: invite (the new owner chooses their password from an e-mailed link), change
 * role, disable or enable, reset a password (admins only).
 */
export function UsersPage() {
  const api = useApi();
  const { user: me } = useSession();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: USERS_KEY, queryFn: ({ signal }) => api.users.list(signal) });
  const [creating, setCreating] = useState(false);
  const [resetting, setResetting] = useState<StaffUserDto | null>(null);
  const [viewingSessions, setViewingSessions] = useState<StaffUserDto | null>(null);
  const [resettingFactors, setResettingFactors] = useState<StaffUserDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The demo keeps its e-mail in a mailbox (no SMTP): the notices say where the link went.
  const authOptions = useQuery({
    queryKey: ['authOptions'],
    queryFn: async ({ signal }) => (await api.security()).authOptions(signal),
    staleTime: Infinity,
  });
  const mailbox = authOptions.data?.demo_mailbox
    ? ' This demo keeps its e-mail in the demo mailbox, at /mailbox.'
    : '';

  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: USERS_KEY }),
      queryClient.invalidateQueries({ queryKey: USER_CHANGES_KEY }),
    ]);
  const waits = (what: string) =>
    `${what} waits for a second admin: it applies once another admin approves it.`;
  const create = useMutation({
    mutationFn: (input: NewStaffUserBody) => api.users.create(input),
    onSuccess: async (created) => {
      setCreating(false);
      setNotice(
        isUserChange(created)
          ? `${waits(userChangeText(created))} Then ${created.email} gets an e-mail to choose a password.`
          : created.invitation?.state === 'not_sent'
            ? `${created.name}'s account is made, but the invitation e-mail could not be sent: use "Send invitation again".`
            : `${created.name} is invited as ${ROLE_TITLES[created.role]}: ${created.email} gets a link to choose a password, which works for ${INVITATION_TTL_HOURS} hours.${mailbox}`,
      );
      await invalidate();
    },
  });
  const invite = useMutation({
    mutationFn: (user: StaffUserDto) => api.users.invite(user.id),
    onMutate: () => setNotice(null),
    onSuccess: async (user) => {
      setNotice(
        `A new invitation is on its way to ${user.email}; earlier links no longer work.${mailbox}`,
      );
      await invalidate();
    },
  });
  const update = useMutation({
    mutationFn: ({ user, patch }: { user: StaffUserDto; patch: StaffUserPatchBody }) =>
      api.users.update(user.id, patch),
    onMutate: () => setNotice(null),
    onSuccess: async (updated) => {
      const [pending] = updated.pending_changes;
      setNotice(pending ? waits(userChangeText(pending)) : `${updated.name} is saved.`);
      await invalidate();
    },
  });
  const reset = useMutation({
    mutationFn: (user: StaffUserDto) => api.users.sendPasswordReset(user.id),
    onMutate: () => setNotice(null),
    onSuccess: (user) =>
      setNotice(
        `${user.email} gets a link to choose a new password, which works for ${PASSWORD_RESET_TTL_MINUTES} minutes; the current one works until then.${mailbox}`,
      ),
    onSettled: () => setResetting(null),
  });
  const resetFactors = useMutation({
    mutationFn: async (user: StaffUserDto) => (await api.security()).resetUserFactors(user.id),
    onMutate: () => setNotice(null),
    onSuccess: async (change, user) => {
      setNotice(
        change
          ? waits(userChangeText(change))
          : `${user.name}'s second factors are removed and their sessions have ended. They set up a new one when they next sign in.`,
      );
      await invalidate();
    },
    onSettled: () => setResettingFactors(null),
  });

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Users · Payouts back-office</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Users
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => {
            create.reset();
            setCreating(true);
          }}
        >
          New user
        </Button>
      </Box>
      {reset.isError ? (
        <Alert severity="error" role="alert" onClose={() => reset.reset()}>
          The password-reset link could not be sent. {errorMessage(reset.error)}
        </Alert>
      ) : null}
      {invite.isError ? (
        <Alert severity="error" role="alert" onClose={() => invite.reset()}>
          The invitation could not be sent. {errorMessage(invite.error)}
        </Alert>
      ) : null}
      {update.isError ? (
        <Alert severity="error" role="alert" onClose={() => update.reset()}>
          {userMutationMessage(update.error)}
        </Alert>
      ) : null}
      {resetFactors.isError ? (
        <Alert severity="error" role="alert" onClose={() => resetFactors.reset()}>
          The second factors could not be reset. {errorMessage(resetFactors.error)}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity="success" role="status" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      <UserChangesPanel onDecided={setNotice} />
      {users.isError ? (
        <ErrorState
          error={users.error}
          title="The users could not be loaded"
          onRetry={() => void users.refetch()}
        />
      ) : null}
      {users.isPending ? <CircularProgress aria-label="Loading users" /> : null}
      {users.data ? (
        <UsersTable
          users={users.data}
          meId={me?.id}
          updating={update.isPending}
          inviting={invite.isPending ? invite.variables : undefined}
          onUpdate={(user, patch) => update.mutate({ user, patch })}
          onResetPassword={(user) => {
            reset.reset();
            setResetting(user);
          }}
          onSessions={setViewingSessions}
          onResetFactors={(user) => {
            resetFactors.reset();
            setResettingFactors(user);
          }}
          onInvite={(user) => invite.mutate(user)}
        />
      ) : null}
      {creating ? (
        <CreateUserDialog
          open
          pending={create.isPending}
          error={create.error}
          onClose={() => setCreating(false)}
          onCreate={(input) => create.mutate(input)}
        />
      ) : null}
      {resetting ? (
        <ConfirmDialog
          title={`E-mail ${resetting.name} a password-reset link?`}
          text={`${resetting.email} gets a link to choose a new password. Nobody else learns it, and the current one works until the link is used.`}
          confirmLabel="Send link"
          pending={reset.isPending}
          onClose={() => setResetting(null)}
          onConfirm={() => reset.mutate(resetting)}
        />
      ) : null}
      {resettingFactors ? (
        <ConfirmDialog
          title={`Reset the second factors of ${resettingFactors.name}?`}
          text={`Every authenticator app, passkey and recovery code of ${resettingFactors.name} is removed and their sessions end. They must set up a second factor again when they next sign in.`}
          confirmLabel="Reset second factors"
          pending={resetFactors.isPending}
          onClose={() => setResettingFactors(null)}
          onConfirm={() => resetFactors.mutate(resettingFactors)}
        />
      ) : null}
      {viewingSessions ? (
        <Suspense fallback={null}>
          <UserSessionsDialog user={viewingSessions} onClose={() => setViewingSessions(null)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
