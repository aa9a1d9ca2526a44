import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { TextLink } from '../../components/TextLink.js';
import { filterChips } from './filterChips.js';
import { EMPTY_FILTERS, type PayoutFilters } from './payoutListParams.js';

export interface FilterChipsProps {
  filters: PayoutFilters;
  onChange: (filters: PayoutFilters) => void;
}

/** The filters in force above the list, each a chip that removes it, and "Clear all". */
export function FilterChips({ filters, onChange }: FilterChipsProps) {
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Filters in use"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
        listStyle: 'none',
        p: 0,
        m: 0,
        mt: 1,
      }}
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          {/* A chip-shaped button rather than MUI's Chip: the list's bundle is on a budget. */}
          <Button
            size="small"
            variant="outlined"
            endIcon={<CloseIcon aria-hidden="true" />}
            sx={{ borderRadius: 99, textTransform: 'none' }}
            aria-label={`Remove the filter: ${chip.label.charAt(0).toLowerCase()}${chip.label.slice(1)}`}
            onClick={() => onChange({ ...filters, ...chip.without })}
          >
            {chip.label}
          </Button>
          {chip.key === 'beneficiary_id' ? (
            <Box component="span" sx={{ ml: 1 }}>
              <TextLink to={`/beneficiaries/${encodeURIComponent(filters.beneficiary_id)}`}>
                Open the beneficiary
              </TextLink>
            </Box>
          ) : null}
        </li>
      ))}
      <li>
        <Button size="small" onClick={() => onChange(EMPTY_FILTERS)}>
          Clear all
        </Button>
      </li>
    </Box>
  );
}
