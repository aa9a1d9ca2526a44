import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isApiError } from '../api/ApiError.js';
import { errorMessage } from './errorMessage.js';

/**
 * A failed load: what went wrong, the request id for support, and a way to try again. (Styled
 * like MUI's error Alert, without its weight: the list page's bundle is on a budget.)
 */
export function ErrorState({
  error,
  title = 'Could not load this',
  onRetry,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
}) {
  const requestId = isApiError(error) ? error.requestId : undefined;
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.5,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'error.main',
        color: 'text.primary',
      }}
    >
      <ErrorOutlineIcon color="error" aria-hidden="true" sx={{ mt: 0.25 }} />
      <Box sx={{ flexGrow: 1 }}>
        <Typography component="p" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body2" component="p">
          {errorMessage(error)}
          {requestId ? ` (request ${requestId})` : null}
        </Typography>
      </Box>
      {onRetry ? (
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </Box>
  );
}
