import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../components/formatDateTime.js';

/** When the corridor's PSP list was fetched, and a button to fetch it again. */
export function ProviderListAge({
  fetchedAt,
  isRefreshing,
  onRefresh,
}: {
  fetchedAt: string | undefined;
  isRefreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="textSecondary">
        {fetchedAt ? `PSP list as of ${formatDateTime(fetchedAt)}.` : null}
      </Typography>
      <Button size="small" startIcon={<RefreshIcon />} onClick={onRefresh} loading={isRefreshing}>
        Refresh the PSP list
      </Button>
    </Stack>
  );
}
