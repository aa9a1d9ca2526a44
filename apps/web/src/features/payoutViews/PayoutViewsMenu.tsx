import CheckIcon from '@mui/icons-material/Check';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { type PayoutViewDto, type PayoutViewListDto } from '@payouts/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../components/errorMessage.js';
import { PAYOUT_VIEWS_KEY } from './usePayoutViews.js';
import type { ListDisplay } from '../payouts/payoutColumns.js';
import type { PayoutListParams } from '../payouts/payoutListParams.js';
import { viewStateOf } from './viewState.js';
import { ManageViewsDialog } from './ManageViewsDialog.js';
import { DeleteViewDialog, RenameViewDialog, SaveViewDialog } from './PayoutViewDialogs.js';

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
