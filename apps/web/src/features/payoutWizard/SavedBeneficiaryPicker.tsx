import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAYOUT_METHOD_TYPE_TITLES, type BeneficiaryDto } from '@payouts/contracts';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { DetailList } from '../../components/DetailList.js';
import { useFieldTitles } from '../providers/useFieldTitles.js';
import { showValue } from '../beneficiaries/maskedDetails.js';
import { useBeneficiaryQuery } from '../beneficiaries/useBeneficiaries.js';

/**
 * "Pay a saved beneficiary": searches the payee book (usable statuses only); an unusable one is
 * listed disabled with its reason. The chosen one's details are shown masked and read-only.
 */
export function SavedBeneficiaryPicker({
  value,
  onChange,
}: {
  value: BeneficiaryDto | null;
  onChange: (beneficiary: BeneficiaryDto | null) => void;
}) {
  const [q, setQ] = useState('');
  const search = useBeneficiaryQuery({
    status: 'active,pending_change',
    limit: '20',
    ...(q.trim() ? { q: q.trim() } : {}),
  });
  const options = search.data?.items ?? [];
  const titleOf = useFieldTitles(value);
  return (
    <Stack spacing={1}>
      <Autocomplete
        options={options}
        value={value}
        onChange={(_event, chosen) => onChange(chosen)}
        onInputChange={(_event, text, reason) => {
          if (reason === 'input') setQ(text);
        }}
        filterOptions={(o) => o}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(b) => `${b.display_name} (${b.reference})`}
        getOptionDisabled={(b) => b.unusable_reason !== null}
        loading={search.isFetching}
        renderOption={({ key, ...props }, b) => (
          <li key={key} {...props}>
            <Box>
              <Typography>
                {b.display_name} ({b.reference})
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {b.unusable_reason
                  ? `Unusable: ${b.unusable_reason}`
                  : `${PAYOUT_METHOD_TYPE_TITLES[b.payout_method_type]} · ${b.provider_title ?? b.provider} · ${b.country}/${b.currency}`}
              </Typography>
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Pay a saved beneficiary"
            helperText="Optional: search by name, reference, e-mail or the last digits of the account."
          />
        )}
      />
      {value ? (
        <Box
          component="section"
          aria-label="Saved payment details"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
        >
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {PAYOUT_METHOD_TYPE_TITLES[value.payout_method_type]} with{' '}
            {value.provider_title ?? value.provider} (masked, read-only)
          </Typography>
          <DetailList
            items={Object.entries(value.details).map(([name, v]) => ({
              label: titleOf(name),
              value: showValue(v),
            }))}
          />
          {value.card_fields_required ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              The card number is not kept: you type the card fields again on the next step.
            </Typography>
          ) : null}
          <Link
            component={RouterLink}
            to={`/beneficiaries/${encodeURIComponent(value.id)}/edit`}
            sx={{ display: 'inline-block', mt: 1 }}
          >
            Edit details (a change needs a second person&apos;s approval)
          </Link>
        </Box>
      ) : null}
    </Stack>
  );
}
