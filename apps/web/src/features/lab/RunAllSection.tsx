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
import { formatCount } from '../../components/formatCount.js';
import { regionName } from '../../components/regionName.js';
import type { useLab } from './useLab.js';

const VERDICTS = {
  pass: { text: 'Pass', color: 'success.main' },
  fail: { text: 'Fail', color: 'error.main' },
  not_final: { text: 'Not final', color: 'warning.main' },
} as const;

/**
 * "Run all": one test payout per enabled (PSP, type) of the corridor or of every corridor, each
 * followed until it is final, with the progress and a verdict per payout.
 */
export function RunAllSection({ lab }: { lab: ReturnType<typeof useLab> }) {
  const { corridor, corridors, providers, running, run, startRunAll } = lab;
  const results = run?.results.filter((r) => r !== undefined) ?? [];
  const count = (verdict: keyof typeof VERDICTS) =>
    results.filter((r) => r.verdict === verdict).length;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="run-all-heading"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography variant="h6" component="h2" id="run-all-heading">
        Run all
      </Typography>
      <Typography variant="body2" color="textSecondary">
        One test payout per enabled PSP and payout method type, one after the other, each followed
        until it is final: a pass is a payout paid out, not an accepted request. Test payouts are
        real payouts to the PSP: they are listed under Payouts with a Test badge.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={!providers.data || running || providers.data.providers.length === 0}
          onClick={() => void startRunAll('corridor')}
        >
          Run all{corridor ? ` for ${regionName(corridor.country)} · ${corridor.currency}` : ''}
        </Button>
        <Button
          variant="outlined"
          disabled={!corridors.data || running || corridors.data.length === 0}
          onClick={() => void startRunAll('every')}
        >
          Run all over every corridor
        </Button>
      </Box>
      {run ? (
        <>
          <LinearProgress
            variant="determinate"
            value={run.total === 0 ? 100 : (results.length / run.total) * 100}
            aria-label="Run all progress"
          />
          <Typography role="status">
            {run.done
              ? `Done: ${count('pass')} passed, ${count('fail')} failed${count('not_final') > 0 ? `, ${count('not_final')} not final` : ''}.`
              : results.length < run.total
                ? `${results.length} of ${run.total} sent…`
                : `All ${run.total} sent; waiting for ${count('not_final')} to be final…`}
          </Typography>
          {run.problems.map((problem) => (
            <Typography key={problem} color="error">
              {problem}
            </Typography>
          ))}
          <Table size="small" aria-label="Run all results">
            <TableHead>
              <TableRow>
                {run.scope === 'every' ? <TableCell>Corridor</TableCell> : null}
                <TableCell>PSP</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Result</TableCell>
                <TableCell>HTTP status</TableCell>
                <TableCell>Duration</TableCell>
                <TableCell>Outcome</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((r) => (
                <TableRow
                  key={`${r.corridor.country}/${r.corridor.currency}/${r.payout_method_type}/${r.provider}`}
                >
                  {run.scope === 'every' ? (
                    <TableCell>
                      {regionName(r.corridor.country)} · {r.corridor.currency}
                    </TableCell>
                  ) : null}
                  <TableCell component="th" scope="row">
                    {r.title}
                  </TableCell>
                  <TableCell>{PAYOUT_METHOD_TYPE_TITLES[r.payout_method_type]}</TableCell>
                  <TableCell sx={{ color: VERDICTS[r.verdict].color, fontWeight: 600 }}>
                    {VERDICTS[r.verdict].text}
                  </TableCell>
                  <TableCell>{r.http_status ?? '—'}</TableCell>
                  <TableCell>
                    {r.duration_ms === null ? '—' : `${formatCount(r.duration_ms)} ms`}
                  </TableCell>
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
