import type { FactorDto, FactorEnrolledDto } from '@payouts/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { OutcomeAlerts } from '../../components/OutcomeAlerts.js';
import { errorMessage } from '../../components/errorMessage.js';
import { formatDateTime } from '../../components/formatDateTime.js';
import { ConfirmDialog } from '../staffSessions/ConfirmDialog.js';
import { AddFactor } from './AddFactor.js';
import { RecoveryCodesDialog } from './RecoveryCodesDialog.js';
import { clockTime, factorKindName } from './secondFactorText.js';
import { useFactors } from './useFactors.js';

const LOCKED_METHOD_NAMES = { totp: 'Authenticator codes', recovery_code: 'Recovery codes' };

/** The Security page's "Second factor" section: factors, adding, removing, recovery codes. */
export function SecondFactorSection() {
  const { factors, remove, renewCodes, refresh } = useFactors();
  const [removing, setRemoving] = useState<FactorDto | null>(null);
  const [renewing, setRenewing] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const data = factors.data;

  const start = () => {
    setNotice(null);
    setFailure(null);
  };
  const onEnrolled = ({ factor, recovery_codes }: FactorEnrolledDto) => {
    start();
    setNotice(`${factorKindName(factor.kind)} "${factor.label}" is added.`);
    if (recovery_codes && recovery_codes.length > 0) setCodes(recovery_codes);
    void refresh();
  };
  const confirmRemove = (factor: FactorDto) => {
    start();
    remove.mutate(factor.id, {
      onSuccess: () => setNotice(`${factorKindName(factor.kind)} "${factor.label}" is removed.`),
      onError: (error) => setFailure(`The factor could not be removed. ${errorMessage(error)}`),
      onSettled: () => setRemoving(null),
    });
  };
  const confirmRenew = () => {
    start();
    renewCodes.mutate(undefined, {
      onSuccess: (reply) => setCodes(reply.codes),
      onError: (error) =>
        setFailure(`New recovery codes could not be made. ${errorMessage(error)}`),
      onSettled: () => setRenewing(false),
    });
  };

  return (
    <Box component="section" aria-labelledby="security-factors" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h5" component="h2" id="security-factors">
        Second factor
      </Typography>
      <Typography variant="body2" color="textSecondary">
        A code from an authenticator app or a passkey, asked after your password and before actions
        that move money.
        {data?.required ? ' Your account must have one.' : ''}
      </Typography>
      <OutcomeAlerts
        failure={failure}
        notice={notice}
        onDismissFailure={() => setFailure(null)}
        onDismissNotice={() => setNotice(null)}
      />
      {data?.locks.map((lock) => (
        <Alert key={lock.method} severity="warning">
          {LOCKED_METHOD_NAMES[lock.method]} are locked in this session after too many wrong codes.
          Try again after {clockTime(lock.locked_until)}, or use another method.
        </Alert>
      ))}
      {factors.isError ? (
        <ErrorState
          error={factors.error}
          title="Your second factors could not be loaded"
          onRetry={() => void factors.refetch()}
        />
      ) : null}
      {factors.isPending ? <CircularProgress aria-label="Loading second factors" /> : null}
      {data && data.items.length === 0 ? (
        <Typography>You have no second factor yet.</Typography>
      ) : null}
      {data && data.items.length > 0 ? (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Your second factors">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell>Added</TableCell>
                <TableCell>Last used</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((factor) => (
                <TableRow key={factor.id}>
                  <TableCell component="th" scope="row">
                    {factor.label}
                  </TableCell>
                  <TableCell>{factorKindName(factor.kind)}</TableCell>
                  <TableCell>{formatDateTime(factor.created_at)}</TableCell>
                  <TableCell>
                    {factor.last_used_at ? formatDateTime(factor.last_used_at) : 'Never'}
                  </TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      color="error"
                      disabled={remove.isPending}
                      aria-label={`Remove ${factor.label}`}
                      onClick={() => setRemoving(factor)}
                    >
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
      {data && data.items.length > 0 ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            Recovery codes left: {data.recovery_codes_left}
          </Typography>
          <Button variant="outlined" onClick={() => setRenewing(true)}>
            Generate new recovery codes
          </Button>
        </Box>
      ) : null}
      <Typography variant="h6" component="h3">
        Add a second factor
      </Typography>
      <AddFactor heading="h3" onEnrolled={onEnrolled} />
      {removing ? (
        <ConfirmDialog
          title="Remove this factor?"
          text={`${factorKindName(removing.kind)} "${removing.label}" will no longer confirm it is you.`}
          confirmLabel="Remove"
          pending={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() => confirmRemove(removing)}
        />
      ) : null}
      {renewing ? (
        <ConfirmDialog
          title="Generate new recovery codes?"
          text="Your current recovery codes stop working at once."
          confirmLabel="Generate"
          pending={renewCodes.isPending}
          onClose={() => setRenewing(false)}
          onConfirm={confirmRenew}
        />
      ) : null}
      {codes ? <RecoveryCodesDialog codes={codes} onDone={() => setCodes(null)} /> : null}
    </Box>
  );
}
