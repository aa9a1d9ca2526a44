import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  isEmailAddress,
  type NewStaffUserBody,
  type Role,
  ROLE_TITLES,
  ROLES,
} from '@payouts/contracts';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../api/ApiError.js';
import { userMutationMessage } from './userMutationMessage.js';

/** The field messages the BFF sent, by pointer. */
function apiFieldError(error: unknown, pointer: string): string | undefined {
  return isApiError(error) ? error.errors.find((e) => e.pointer === pointer)?.message : undefined;
}

export function CreateUserDialog({
  open,
  pending,
  error,
  onClose,
  onCreate,
}: {
  open: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onCreate: (input: NewStaffUserBody) => void;
}) {
  const [input, setInput] = useState<NewStaffUserBody>({
    email: '',
    name: '',
    role: 'finance',
  });
  const [submitted, setSubmitted] = useState(false);
  const problems = {
    email: isEmailAddress(input.email.trim()) ? null : 'Enter a valid e-mail address.',
    name: input.name.trim() === '' ? 'Enter a name.' : null,
  };
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(problems).some((p) => p !== null)) return;
    onCreate({ ...input, email: input.email.trim(), name: input.name.trim() });
  };
  const shown = (name: keyof typeof problems, pointer: string): string | undefined =>
    (submitted ? problems[name] : null) ?? apiFieldError(error, pointer);
  const set = (patch: Partial<NewStaffUserBody>): void => setInput({ ...input, ...patch });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="create-user-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-user-title">New user</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          {error && !isApiError(error, 'validation_failed') ? (
            <Alert severity="error">{userMutationMessage(error)}</Alert>
          ) : null}
          <TextField
            label="E-mail"
            type="email"
            autoComplete="off"
            value={input.email}
            onChange={(e) => set({ email: e.target.value })}
            error={shown('email', '/email') !== undefined}
            helperText={shown('email', '/email')}
            required
            sx={{ mt: 1 }}
          />
          <TextField
            label="Name"
            autoComplete="off"
            value={input.name}
            onChange={(e) => set({ name: e.target.value })}
            error={shown('name', '/name') !== undefined}
            helperText={shown('name', '/name')}
            required
          />
          <TextField
            select
            label="Role"
            value={input.role}
            onChange={(e) => set({ role: e.target.value as Role })}
          >
            {ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                {ROLE_TITLES[role]}
              </MenuItem>
            ))}
          </TextField>
          <Typography variant="body2" color="textSecondary">
            {input.email.trim() || 'The new user'} gets an e-mail with a link to choose their own
            password: nobody else knows it.
            {input.role === 'support'
              ? ''
              : ` A ${ROLE_TITLES[input.role].toLowerCase()} account is made once another admin approves it.`}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            Invite user
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
