import type { LabExchange } from '@payouts/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../components/DetailList.js';

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2">
        {label}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflow: 'auto',
          maxHeight: 360,
          fontSize: '0.8125rem',
        }}
      >
        {value === undefined ? '(nothing)' : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  );
}

/** The orchestrator exchange as the BFF recorded it: request as sent, reply, status and time. */
export function ExchangeView({ exchange }: { exchange: LabExchange }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <DetailList
        items={[
          { label: 'HTTP status', value: exchange.response?.http_status ?? 'No answer' },
          { label: 'Duration', value: `${exchange.duration_ms} ms` },
          { label: 'Request', value: `${exchange.request.method} ${exchange.request.path}` },
        ]}
      />
      <Json label="Request body as sent" value={exchange.request.body} />
      <Json label="Orchestrator reply" value={exchange.response?.body ?? null} />
    </Box>
  );
}
