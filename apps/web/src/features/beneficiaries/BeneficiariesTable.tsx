import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PAYOUT_METHOD_TYPE_TITLES, type BeneficiaryDto } from '@payouts/contracts';
import { formatDateTime } from '../../components/formatDateTime.js';
import { Placeholder } from '../../components/Placeholder.js';
import { regionName } from '../../components/regionName.js';
import { TextLink } from '../../components/TextLink.js';
import { BeneficiaryStatusChip } from './BeneficiaryStatusChip.js';
import { maskedAccount } from './maskedDetails.js';

const COLUMNS = 7;

/** The masked account of a row, or its e-mail when the details have none. */
export function BeneficiariesTable({ items }: { items: BeneficiaryDto[] | undefined }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Beneficiaries">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Reference</TableCell>
            <TableCell>Account</TableCell>
            <TableCell>Corridor</TableCell>
            <TableCell>Method and PSP</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Last paid</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items === undefined
            ? Array.from({ length: 5 }, (_, row) => (
                <TableRow key={row}>
                  {Array.from({ length: COLUMNS }, (_, cell) => (
                    <TableCell key={cell}>
                      <Placeholder />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : items.map((b) => (
                <TableRow key={b.id} hover>
                  <TableCell>
                    <TextLink to={`/beneficiaries/${encodeURIComponent(b.id)}`}>
                      {b.display_name}
                    </TextLink>
                    {b.email ? (
                      <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{b.email}</Box>
                    ) : null}
                  </TableCell>
                  <TableCell>{b.reference}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{maskedAccount(b) ?? '—'}</TableCell>
                  <TableCell>
                    <span title={regionName(b.country)}>{b.country}</span> · {b.currency}
                  </TableCell>
                  <TableCell>
                    {PAYOUT_METHOD_TYPE_TITLES[b.payout_method_type]} ·{' '}
                    {b.provider_title ?? b.provider}
                  </TableCell>
                  <TableCell>
                    <Box
                      sx={{
                        display: 'flex',
                        flexDirection: 'column',
                        gap: 0.5,
                        alignItems: 'flex-start',
                      }}
                    >
                      <BeneficiaryStatusChip status={b.status} />
                      {b.unusable_reason ? (
                        <Box
                          component="span"
                          sx={{
                            display: 'inline-flex',
                            gap: 0.5,
                            alignItems: 'center',
                            fontSize: '0.8125rem',
                          }}
                        >
                          <WarningAmberIcon fontSize="inherit" color="warning" aria-hidden="true" />
                          Unusable: {b.unusable_reason}
                        </Box>
                      ) : null}
                    </Box>
                  </TableCell>
                  <TableCell>{b.last_paid_at ? formatDateTime(b.last_paid_at) : 'Never'}</TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
