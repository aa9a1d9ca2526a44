import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import {
  PAYOUT_VIEW_NAME_MAX_LENGTH,
  PAYOUT_VIEWS_MAX_PER_USER,
  type PayoutViewDto,
  type PayoutViewState,
} from '@payouts/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { errorMessage } from '../../components/errorMessage.js';
import { OutlinedField } from '../../components/OutlinedField.js';
import { describeRange } from './viewState.js';

/** The message for a failed save, and the name field's own problem (from a 422's pointers). */
function saveProblem(error: unknown): { message: string; name: string | null } {
  const name = isApiError(error)
    ? (error.errors.find((e) => e.pointer === '/name')?.message ?? null)
    : null;
  if (isApiError(error) && error.code === 'conflict') {
    return { message: errorMessage(error), name: 'Choose another name.' };
  }
  return { message: errorMessage(error), name };
}

/**
 * The "Views" menu's items: pick a view, save the list as one, manage them. The menu itself is
 * the page's; its items and dialogs load on first open (the list's first screen is on a budget).
 */

export function SaveViewDialog({
  state,
  ownCount,
  canShare,
  onClose,
  onSaved,
}: {
  state: PayoutViewState;
  ownCount: number;
  canShare: boolean;
  onClose: () => void;
  onSaved: (view: PayoutViewDto) => void;
}) {
  const api = useApi();
  const titleId = useId();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; name: string | null } | null>(null);
  const filterCount = Object.keys(state.filters).length;

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem({ message: 'Name the view.', name: 'Name the view.' });
      return;
    }
    setBusy(true);
    setProblem(null);
    api.payoutViews
      .create({ name: name.trim(), state, ...(canShare ? { shared } : {}) })
      .then(onSaved, (error: unknown) => setProblem(saveProblem(error)))
      .finally(() => setBusy(false));
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Save view</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>
            Saves {filterCount === 1 ? '1 filter' : `${filterCount} filters`}, the sort,{' '}
            {state.columns.length} columns and the {state.density} density. Date range:{' '}
            {describeRange(state.range)}.
          </DialogContentText>
          {problem ? <Alert severity="error">{problem.message}</Alert> : null}
          <OutlinedField
            label="Name"
            value={name}
            onChange={setName}
            error={problem?.name != null}
            helperText={
              problem?.name ??
              `Up to ${PAYOUT_VIEW_NAME_MAX_LENGTH} characters. You have ${ownCount} of ${PAYOUT_VIEWS_MAX_PER_USER} views.`
            }
          />
          {canShare ? (
            <FormControlLabel
              control={
                <Checkbox checked={shared} onChange={(event) => setShared(event.target.checked)} />
              }
              label="Share with everyone"
            />
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
export function RenameViewDialog({
  view,
  onClose,
  onDone,
}: {
  view: PayoutViewDto;
  onClose: () => void;
  onDone: () => void;
}) {
  const api = useApi();
  const titleId = useId();
  const [name, setName] = useState(view.name);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; name: string | null } | null>(null);
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem({ message: 'Name the view.', name: 'Name the view.' });
      return;
    }
    setBusy(true);
    api.payoutViews
      .update(view.id, { name: name.trim() })
      .then(onDone, (error: unknown) => setProblem(saveProblem(error)))
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Rename “{view.name}”</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          {problem ? <Alert severity="error">{problem.message}</Alert> : null}
          <OutlinedField
            label="Name"
            value={name}
            onChange={setName}
            error={problem?.name != null}
            helperText={problem?.name ?? undefined}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Rename
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function DeleteViewDialog({
  view,
  onClose,
  onDone,
}: {
  view: PayoutViewDto;
  onClose: () => void;
  onDone: () => void;
}) {
  const api = useApi();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirm = (): void => {
    setBusy(true);
    api.payoutViews
      .remove(view.id)
      .then(onDone, setError)
      .finally(() => setBusy(false));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>Delete “{view.name}”?</DialogTitle>
      <DialogContent>
        {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
        <DialogContentText>
          {view.shared
            ? 'It is shared: it goes for everyone. The payouts are not affected.'
            : 'The payouts are not affected.'}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={confirm}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
