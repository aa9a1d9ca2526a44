import CheckIcon from '@mui/icons-material/Check';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import {
  PAYOUT_VIEW_NAME_MAX_LENGTH,
  PAYOUT_VIEWS_MAX_PER_USER,
  type PayoutViewDto,
  type PayoutViewListDto,
  type PayoutViewState,
} from '@payouts/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { isApiError } from '../../api/ApiError.js';
import { errorMessage } from '../../components/errorMessage.js';
import { OutlinedField } from '../../components/OutlinedField.js';
import { PAYOUT_VIEWS_KEY } from './usePayoutViews.js';
import type { ListDisplay } from '../payouts/payoutColumns.js';
import type { PayoutListParams } from '../payouts/payoutListParams.js';
import { describeRange, viewStateOf } from './viewState.js';

export type PayoutViewsDialog =
  | { kind: 'save' }
  | { kind: 'manage' }
  | { kind: 'rename'; view: PayoutViewDto }
  | { kind: 'delete'; view: PayoutViewDto };

export interface PayoutViewsMenuItemsProps {
  data: PayoutViewListDto | undefined;
  loadError: unknown;
  activeViewId: string | null;
  /** Closes the menu. */
  onClose: () => void;
  onPick: (view: PayoutViewDto) => void;
  /** Back to the user's own columns, no view. */
  onLeaveView: () => void;
  onOpenDialog: (dialog: PayoutViewsDialog) => void;
}

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
export function PayoutViewsMenuItems({
  data,
  loadError,
  activeViewId,
  onClose,
  onPick,
  onLeaveView,
  onOpenDialog,
}: PayoutViewsMenuItemsProps) {
  const views = data?.items ?? [];
  const open = (dialog: PayoutViewsDialog): void => {
    onClose();
    onOpenDialog(dialog);
  };
  return [
    loadError ? (
      <MenuItem key="error" disabled>
        The views could not be loaded: {errorMessage(loadError)}
      </MenuItem>
    ) : null,
    data && views.length === 0 ? (
      <MenuItem key="none" disabled>
        No saved views yet
      </MenuItem>
    ) : null,
    ...views.map((view) => (
      <MenuItem
        key={view.id}
        selected={view.id === activeViewId}
        onClick={() => {
          onClose();
          onPick(view);
        }}
      >
        <ListItemIcon>
          {view.id === activeViewId ? <CheckIcon fontSize="small" /> : null}
        </ListItemIcon>
        <ListItemText
          primary={view.name}
          secondary={
            [
              view.shared ? (view.mine ? 'Shared' : `Shared by ${view.owner.name}`) : null,
              view.is_default ? 'Default' : null,
            ]
              .filter(Boolean)
              .join(' · ') || null
          }
        />
      </MenuItem>
    )),
    activeViewId !== null ? (
      <MenuItem
        key="leave"
        onClick={() => {
          onClose();
          onLeaveView();
        }}
      >
        <ListItemText inset primary="No view (my own columns)" />
      </MenuItem>
    ) : null,
    <Divider key="divider" />,
    <MenuItem key="save" onClick={() => open({ kind: 'save' })}>
      Save view…
    </MenuItem>,
    views.length > 0 ? (
      <MenuItem key="manage" onClick={() => open({ kind: 'manage' })}>
        Manage views…
      </MenuItem>
    ) : null,
  ];
}

export interface PayoutViewsDialogsProps {
  dialog: PayoutViewsDialog;
  onDialog: (dialog: PayoutViewsDialog | null) => void;
  data: PayoutViewListDto | undefined;
  activeViewId: string | null;
  onPick: (view: PayoutViewDto) => void;
  onLeaveView: () => void;
  /** The list as it is now, to save. */
  params: PayoutListParams;
  display: ListDisplay;
  now: () => Date;
  /** An admin: may share a view with everyone. */
  canShare: boolean;
}

/** The views' dialogs: save, manage, rename, delete (confirmed). */
export function PayoutViewsDialogs({
  dialog,
  onDialog: setDialog,
  data,
  activeViewId,
  onPick,
  onLeaveView,
  params,
  display,
  now,
  canShare,
}: PayoutViewsDialogsProps) {
  const queryClient = useQueryClient();
  const views = data?.items ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: PAYOUT_VIEWS_KEY });
  switch (dialog.kind) {
    case 'save':
      return (
        <SaveViewDialog
          state={viewStateOf(params, display, now())}
          ownCount={views.filter((v) => v.mine).length}
          canShare={canShare}
          onClose={() => setDialog(null)}
          onSaved={(view) => {
            setDialog(null);
            void refresh();
            onPick(view);
          }}
        />
      );
    case 'manage':
      return (
        <ManageViewsDialog
          views={views}
          onClose={() => setDialog(null)}
          onRename={(view) => setDialog({ kind: 'rename', view })}
          onDelete={(view) => setDialog({ kind: 'delete', view })}
          refresh={refresh}
        />
      );
    case 'rename':
      return (
        <RenameViewDialog
          view={dialog.view}
          onClose={() => setDialog({ kind: 'manage' })}
          onDone={() => {
            void refresh();
            setDialog({ kind: 'manage' });
          }}
        />
      );
    case 'delete':
      return (
        <DeleteViewDialog
          view={dialog.view}
          onClose={() => setDialog({ kind: 'manage' })}
          onDone={() => {
            void refresh();
            if (dialog.view.id === activeViewId) onLeaveView();
            setDialog(views.length > 1 ? { kind: 'manage' } : null);
          }}
        />
      );
  }
}

function SaveViewDialog({
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

function ManageViewsDialog({
  views,
  onClose,
  onRename,
  onDelete,
  refresh,
}: {
  views: PayoutViewDto[];
  onClose: () => void;
  onRename: (view: PayoutViewDto) => void;
  onDelete: (view: PayoutViewDto) => void;
  refresh: () => Promise<void>;
}) {
  const api = useApi();
  const titleId = useId();
  const [error, setError] = useState<unknown>(null);
  const setDefault = (viewId: string | null): void => {
    setError(null);
    api.payoutViews.setDefault(viewId).then(refresh, setError);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Manage views</DialogTitle>
      <DialogContent>
        {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
        <Box component="ul" aria-label="Saved views" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {views.map((view) => (
            <Box
              component="li"
              key={view.id}
              aria-label={view.name}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: 1,
                py: 1,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ flexGrow: 1, minWidth: 160 }}>
                <Typography>{view.name}</Typography>
                <Typography variant="body2" color="textSecondary">
                  {[
                    view.mine
                      ? view.shared
                        ? 'Shared with everyone'
                        : 'Only you'
                      : `Shared by ${view.owner.name} · read-only`,
                    view.is_default ? 'Your default' : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              {view.is_default ? (
                <Button size="small" onClick={() => setDefault(null)}>
                  Clear default
                </Button>
              ) : (
                <Button
                  size="small"
                  aria-label={`Set ${view.name} as default`}
                  onClick={() => setDefault(view.id)}
                >
                  Set as default
                </Button>
              )}
              {view.mine ? (
                <>
                  <Button
                    size="small"
                    aria-label={`Rename ${view.name}`}
                    onClick={() => onRename(view)}
                  >
                    Rename
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    aria-label={`Delete ${view.name}`}
                    onClick={() => onDelete(view)}
                  >
                    Delete
                  </Button>
                </>
              ) : null}
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function RenameViewDialog({
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

function DeleteViewDialog({
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
