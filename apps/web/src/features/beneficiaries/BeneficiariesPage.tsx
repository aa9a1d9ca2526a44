import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { can } from '@payouts/contracts';
import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CursorPager, useCursorStack } from '../../components/CursorPager.js';
import { ErrorState } from '../../components/ErrorState.js';
import { useSession } from '../session/useSession.js';
import { BeneficiariesFilters } from './BeneficiariesFilters.js';
import { BeneficiariesTable } from './BeneficiariesTable.js';
import {
  EMPTY_BENEFICIARY_FILTERS,
  hasBeneficiaryFilters,
  parseBeneficiaryFilters,
  toBeneficiarySearchParams,
  type BeneficiaryFilters,
} from './beneficiaryListParams.js';
import { useBeneficiaries } from './useBeneficiaries.js';

/**
 * The payee book. Search and filters live in the URL (a shared link shows the same list); the
 * page position is a stack of keyset cursors, reset when the filters change.
 */
export function BeneficiariesPage() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseBeneficiaryFilters(searchParams), [searchParams]);
  const filtersKey = toBeneficiarySearchParams(filters).toString();
  const stack = useCursorStack(filtersKey);
  const page = useBeneficiaries(filters, stack.cursor);
  const update = (next: BeneficiaryFilters): void => {
    setSearchParams(toBeneficiarySearchParams(next), { replace: true });
  };
  const items = page.data?.items;
  const nextCursor = page.data?.next_cursor ?? null;
  const filtered = hasBeneficiaryFilters(filters);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <title>Beneficiaries · Payouts back-office</title>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Beneficiaries
        </Typography>
        {can(user?.role, 'beneficiaries:write') ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to="/beneficiaries/new"
          >
            New beneficiary
          </Button>
        ) : null}
      </Box>
      <BeneficiariesFilters filters={filters} onChange={update} />
      <Paper variant="outlined">
        {page.isError ? (
          <Box sx={{ p: 2 }}>
            <ErrorState
              error={page.error}
              title="The beneficiaries could not be loaded"
              onRetry={() => void page.refetch()}
            />
          </Box>
        ) : items !== undefined && items.length === 0 ? (
          <Box sx={{ p: 4, textAlign: 'center' }} role="status">
            <Typography sx={{ mb: 2 }}>
              {filtered ? 'No beneficiaries match these filters.' : 'No beneficiaries yet.'}
            </Typography>
            {filtered ? (
              <Button variant="outlined" onClick={() => update(EMPTY_BENEFICIARY_FILTERS)}>
                Clear filters
              </Button>
            ) : null}
          </Box>
        ) : (
          <BeneficiariesTable items={items} />
        )}
        <CursorPager
          stack={stack}
          nextCursor={nextCursor}
          nextDisabled={page.isPlaceholderData}
          refreshing={page.isFetching && items !== undefined}
          refreshingLabel="Refreshing beneficiaries"
        />
      </Paper>
    </Box>
  );
}
