import {
  type NewStaffUserBody,
  type Role,
  ROLE_TITLES,
  ROLES,
  type StaffUserDto,
  type StaffUserPatchBody,
} from '@payouts/contracts';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { ErrorState } from '../../components/ErrorState.js';
import { errorMessage } from '../../components/errorMessage.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { ConfirmDialog } from '../staffSessions/ConfirmDialog.js';
import { useSession } from '../session/useSession.js';
import { CreateUserDialog, ResetPasswordDialog } from './UserDialogs.js';
import { userChangeText } from './userChangeText.js';
import { USER_CHANGES_KEY, UserChangesPanel } from './UserChangesPanel.js';
import { isUserChange } from './usersApi.js';
import { userMutationMessage } from './userMutationMessage.js';

const USERS_KEY = ['users'] as const;

// Loaded on the first "Sessions" click, from the Security page's chunk: one chunk for all the
// sessions views keeps the entry's preload map (in the list page's budget) one name shorter.
const UserSessionsDialog = lazy(() =>
  import('../staffSessions/SecurityPage.js').then((m) => ({
    default: m.UserSessionsDialog,
  })),
);

/** Staff accounts: create, change role, disable or enable, reset a password (admins only). */
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
          ? waits(userChangeText(created))
          : `${created.name} can now sign in as ${ROLE_TITLES[created.role]}.`,
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
    mutationFn: ({ user, password }: { user: StaffUserDto; password: string }) =>
      api.users.resetPassword(user.id, password),
    onSuccess: async (change, { user }) => {
      setResetting(null);
      setNotice(
        change
          ? waits(userChangeText(change))
          : `${user.name}'s password is reset; their sessions have ended.`,
      );
      await invalidate();
    },
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
        <Paper variant="outlined">
          <Table size="small" aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Last sign-in</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.data.map((user) => (
                <TableRow key={user.id}>
                  <TableCell component="th" scope="row">
                    {user.name}
                    {user.id === me?.id ? ' (you)' : ''}
                  </TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      label={`Role of ${user.name}`}
                      value={user.role}
                      disabled={update.isPending}
                      onChange={(e) =>
                        update.mutate({ user, patch: { role: e.target.value as Role } })
                      }
                    >
                      {ROLES.map((role) => (
                        <MenuItem key={role} value={role}>
                          {ROLE_TITLES[role]}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell>
                    {user.disabled ? 'Disabled' : 'Active'}
                    {user.pending_changes.map((change) => (
                      <Typography key={change.id} variant="body2" color="warning">
                        Waiting: {userChangeText(change).replace(`${user.email}: `, '')}
                      </Typography>
                    ))}
                  </TableCell>
                  <TableCell>{formatDateTime(user.created_at)}</TableCell>
                  <TableCell>
                    {user.last_sign_in_at ? formatDateTime(user.last_sign_in_at) : 'Never'}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      disabled={update.isPending}
                      aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.name}`}
                      onClick={() => update.mutate({ user, patch: { disabled: !user.disabled } })}
                    >
                      {user.disabled ? 'Enable' : 'Disable'}
                    </Button>
                    <Button
                      size="small"
                      aria-label={`Reset the password of ${user.name}`}
                      onClick={() => {
                        reset.reset();
                        setResetting(user);
                      }}
                    >
                      Reset password
                    </Button>
                    <Button
                      size="small"
                      aria-label={`Sessions of ${user.name}`}
                      onClick={() => setViewingSessions(user)}
                    >
                      Sessions
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      aria-label={`Reset the second factors of ${user.name}`}
                      onClick={() => {
                        resetFactors.reset();
                        setResettingFactors(user);
                      }}
                    >
                      Reset second factors
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
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
        <ResetPasswordDialog
          userName={resetting.name}
          pending={reset.isPending}
          error={reset.error}
          onClose={() => setResetting(null)}
          onReset={(password) => reset.mutate({ user: resetting, password })}
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
