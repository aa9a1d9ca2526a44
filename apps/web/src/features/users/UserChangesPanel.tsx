import { USER_CHANGE_REASON_MAX_LENGTH, type UserChangeDto } from '@payouts/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { errorMessage } from '../../components/errorMessage.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { ReasonDialog } from '../../components/ReasonDialog.js';
import { userChangeText } from './userChangeText.js';

export const USER_CHANGES_KEY = ['user-changes'] as const;

/**
 * Privileged account changes waiting for a second admin (decision 042): who asked for what and
 * when; approve (another admin, not tied to the proposer), reject, or withdraw one's own.
 */
export function UserChangesPanel({ onDecided }: { onDecided: (notice: string) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const changes = useQuery({
    queryKey: USER_CHANGES_KEY,
    queryFn: ({ signal }) => api.users.changes(signal),
  });
  const [rejecting, setRejecting] = useState<UserChangeDto | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: USER_CHANGES_KEY }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
    ]);
  const decide = useMutation({
    mutationFn: ({ change, reason }: { change: UserChangeDto; reason?: string }) =>
      reason === undefined
        ? api.users.approveChange(change.id)
        : api.users.rejectChange(change.id, reason),
    onSuccess: async (decided) => {
      setRejecting(null);
      onDecided(`${userChangeText(decided)}: ${decided.status}.`);
      await refresh();
    },
  });

  if (!changes.data || changes.data.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="h6" component="h2">
        Waiting for a second admin
      </Typography>
      {decide.isError ? (
        <Alert severity="error" role="alert" onClose={() => decide.reset()}>
          {errorMessage(decide.error)}
        </Alert>
      ) : null}
      <Box component="ul" aria-label="Account changes waiting" sx={{ m: 0, pl: 2 }}>
        {changes.data.map((change) => {
          const text = userChangeText(change);
          return (
            <Box component="li" key={change.id} sx={{ py: 0.5 }}>
              <Typography component="span">
                {text}, asked by {change.proposed_by.name} on {formatDateTime(change.proposed_at)}.
              </Typography>{' '}
              {change.can_approve ? (
                <Button
                  size="small"
                  variant="contained"
                  aria-label={`Approve: ${text}`}
                  loading={decide.isPending && decide.variables.change.id === change.id}
                  onClick={() => decide.mutate({ change })}
                >
                  Approve
                </Button>
              ) : (
                <Typography component="span" color="textSecondary">
                  {change.cannot_approve_reason}
                </Typography>
              )}{' '}
              <Button
                size="small"
                color="error"
                aria-label={`Reject: ${text}`}
                onClick={() => setRejecting(change)}
              >
                Reject
              </Button>
            </Box>
          );
        })}
      </Box>
      {rejecting ? (
        <ReasonDialog
          open
          title="Reject this account change?"
          text={`${userChangeText(rejecting)}. Nothing changes; say why, for the admin who asked.`}
          submitLabel="Reject"
          pending={decide.isPending}
          maxLength={USER_CHANGE_REASON_MAX_LENGTH}
          onClose={() => setRejecting(null)}
          onSubmit={(reason) => decide.mutate({ change: rejecting, reason })}
        />
      ) : null}
    </Paper>
  );
}
