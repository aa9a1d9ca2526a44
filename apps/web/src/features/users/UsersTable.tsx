import {
  type Role,
  ROLE_TITLES,
  ROLES,
  type StaffUserDto,
  type StaffUserPatchBody,
} from '@payouts/contracts';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/formatDateTime.js';
import { userChangeText } from './userChangeText.js';

/** Where an account without a password stands, in the words of its status cell. */
export function invitationText(invitation: NonNullable<StaffUserDto['invitation']>): string {
  switch (invitation.state) {
    case 'sent':
      return `Invited: the link works until ${formatDateTime(invitation.expires_at!)}`;
    case 'expired':
      return 'Invitation expired: send a new one';
    case 'not_sent':
      return 'Invitation not sent: send it again';
  }
}

/** The staff accounts, one row each, with what an admin can do to each. */
export function UsersTable({
  users,
  meId,
  updating,
  inviting,
  onUpdate,
  onResetPassword,
  onSessions,
  onResetFactors,
  onInvite,
}: {
  users: readonly StaffUserDto[];
  meId: string | undefined;
  updating: boolean;
  /** The account whose invitation is being sent. */
  inviting: StaffUserDto | undefined;
  onUpdate: (user: StaffUserDto, patch: StaffUserPatchBody) => void;
  onResetPassword: (user: StaffUserDto) => void;
  onSessions: (user: StaffUserDto) => void;
  onResetFactors: (user: StaffUserDto) => void;
  onInvite: (user: StaffUserDto) => void;
}) {
  return (
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
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell component="th" scope="row">
                {user.name}
                {user.id === meId ? ' (you)' : ''}
              </TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  label={`Role of ${user.name}`}
                  value={user.role}
                  disabled={updating}
                  onChange={(e) => onUpdate(user, { role: e.target.value as Role })}
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
                {user.invitation && !user.disabled ? (
                  <Typography
                    variant="body2"
                    color={user.invitation.state === 'sent' ? 'textSecondary' : 'warning'}
                  >
                    {invitationText(user.invitation)}
                  </Typography>
                ) : null}
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
                {user.invitation && !user.disabled ? (
                  <Button
                    size="small"
                    disabled={inviting !== undefined}
                    aria-label={`Send the invitation to ${user.name} again`}
                    onClick={() => onInvite(user)}
                  >
                    {inviting?.id === user.id ? 'Sending…' : 'Send invitation again'}
                  </Button>
                ) : null}
                <Button
                  size="small"
                  disabled={updating}
                  aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.name}`}
                  onClick={() => onUpdate(user, { disabled: !user.disabled })}
                >
                  {user.disabled ? 'Enable' : 'Disable'}
                </Button>
                {user.invitation ? null : (
                  <Button
                    size="small"
                    disabled={user.disabled}
                    aria-label={`E-mail ${user.name} a password-reset link`}
                    onClick={() => onResetPassword(user)}
                  >
                    Reset password
                  </Button>
                )}
                <Button
                  size="small"
                  aria-label={`Sessions of ${user.name}`}
                  onClick={() => onSessions(user)}
                >
                  Sessions
                </Button>
                <Button
                  size="small"
                  color="error"
                  aria-label={`Reset the second factors of ${user.name}`}
                  onClick={() => onResetFactors(user)}
                >
                  Reset second factors
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
