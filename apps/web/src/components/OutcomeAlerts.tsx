import Alert from '@mui/material/Alert';

/**
 * What the last action on a page came to: an error (announced as an alert) or a success
 * (announced politely), each dismissable.
 */
export function OutcomeAlerts({
  failure,
  notice,
  onDismissFailure,
  onDismissNotice,
}: {
  failure: string | null;
  notice: string | null;
  onDismissFailure: () => void;
  onDismissNotice: () => void;
}) {
  return (
    <>
      {failure ? (
        <Alert severity="error" role="alert" onClose={onDismissFailure}>
          {failure}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity="success" role="status" onClose={onDismissNotice}>
          {notice}
        </Alert>
      ) : null}
    </>
  );
}
