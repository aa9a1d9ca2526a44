import type { SecondFactorMethod, SessionReply } from '@payouts/contracts';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { SecondFactorForm } from './SecondFactorForm.js';

/**
 * "Confirm it's you" before an action that moves money or changes security: the page under it
 * stays as it was, and the action goes ahead once verified (createHttpClient's `onStepUp`).
 */
export function StepUpDialog({
  methods,
  onVerified,
  onCancel,
}: {
  methods: readonly SecondFactorMethod[];
  onVerified: (reply: SessionReply) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>Confirm it's you</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          This action needs a fresh confirmation with your second factor. It goes ahead as soon as
          you confirm.
        </DialogContentText>
        <SecondFactorForm
          methods={methods}
          submitLabel="Confirm"
          onVerified={onVerified}
          onCancel={onCancel}
        />
      </DialogContent>
    </Dialog>
  );
}
