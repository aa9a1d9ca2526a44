import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type PayoutViewDto } from '@payouts/contracts';
import { useId, useState } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { errorMessage } from '../../components/errorMessage.js';

export function ManageViewsDialog({
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
