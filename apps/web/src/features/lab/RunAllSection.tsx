import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAYOUT_METHOD_TYPE_TITLES } from '@payouts/contracts';
import { regionName } from '../../components/regionName.js';
import type { useLab } from './useLab.js';

/** "Run all": one test payout per enabled (PSP, type) of the corridor, with its progress and results. */
export function RunAllSection({ lab }: { lab: ReturnType<typeof useLab> }) {
  const { corridor, providers, running, run, startRunAll } = lab;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="run-all-heading"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography variant="h6" component="h2" id="run-all-heading">
        Run all{corridor ? ` for ${regionName(corridor.country)} · ${corridor.currency}` : ''}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        One test payout per enabled PSP and payout method type of the corridor, one after the other.
      </Typography>
      <Box>
        <Button
          variant="outlined"
          disabled={!providers.data || running || providers.data.providers.length === 0}
          onClick={() => void startRunAll()}
        >
          Run all
        </Button>
      </Box>
      {run ? (
        <>
          <LinearProgress
            variant="determinate"
            value={run.total === 0 ? 100 : (run.results.length / run.total) * 100}
            aria-label="Run all progress"
          />
          <Typography role="status">
            {run.done
              ? `Done: ${run.results.filter((r) => r.passed).length} passed, ${
                  run.results.filter((r) => !r.passed).length
                } failed.`
              : `${run.results.length} of ${run.total} sent…`}
          </Typography>
          <Table size="small" aria-label="Run all results">
            <TableHead>
              <TableRow>
                <TableCell>PSP</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Result</TableCell>
                <TableCell>HTTP status</TableCell>
                <TableCell>Duration</TableCell>
                <TableCell>Outcome</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {run.results.map((r) => (
                <TableRow key={`${r.payout_method_type}/${r.provider}`}>
                  <TableCell component="th" scope="row">
                    {r.title}
                  </TableCell>
                  <TableCell>{PAYOUT_METHOD_TYPE_TITLES[r.payout_method_type]}</TableCell>
                  <TableCell
                    sx={{ color: r.passed ? 'success.main' : 'error.main', fontWeight: 600 }}
                  >
                    {r.passed ? 'Pass' : 'Fail'}
                  </TableCell>
                  <TableCell>{r.http_status ?? '—'}</TableCell>
                  <TableCell>{r.duration_ms === null ? '—' : `${r.duration_ms} ms`}</TableCell>
                  <TableCell>{r.outcome}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </Paper>
  );
}
