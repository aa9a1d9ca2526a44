import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  maskFieldValue,
  PAYOUT_METHOD_TYPE_TITLES,
  possibleDuplicatesOf,
  type PayoutFormSection,
  type PayoutMetadataValue,
  type PayoutRequest,
} from '@payouts/contracts';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../api/ApiError.js';
import { DetailList } from '../../components/DetailList.js';
import { errorMessage } from '../../components/errorMessage.js';
import { formatMoney } from '../../components/formatMoney.js';
import { regionName } from '../../components/regionName.js';
import { currencyName } from '../../components/currencyName.js';
import { stateLabel } from './validateCorridor.js';
import { WizardButtons } from '../../forms/sections/WizardButtons.js';
import { PossibleDuplicates } from './PossibleDuplicates.js';
import { ApprovalPreview } from './ApprovalPreview.js';

export interface ReviewStepProps {
  body: PayoutRequest;
  /** The saved beneficiary it pays, if any (its last change of details can ask for approval). */
  beneficiaryId: string | null;
  section: PayoutFormSection;
  sending: boolean;
  /** The last send's failure, if it has not been dealt with by going back to a field. */
  error: unknown;
  /** Messages for problems that belong to no field. */
  generalErrors: string[];
  onBack: () => void;
  onSend: () => void;
  /** Sends it again after the person saw its possible duplicates. */
  onPayAgain: () => void;
  onStartOver: () => void;
}

const RETRY_SAFE =
  'Nothing is lost: “Make a payout” sends the same request again, and the payout is made at most once.';

function SendError({
  error,
  orderId,
  sending,
  onPayAgain,
  onStartOver,
}: {
  error: unknown;
  orderId: string;
  sending: boolean;
  onPayAgain: () => void;
  onStartOver: () => void;
}) {
  if (!isApiError(error)) {
    return <Alert severity="error">{errorMessage(error)}</Alert>;
  }
  switch (error.code) {
    case 'possible_duplicate':
      return (
        <PossibleDuplicates
          message={error.message}
          duplicates={possibleDuplicatesOf({ code: error.code, ...error.extensions })}
          sending={sending}
          onPayAgain={onPayAgain}
          onStartOver={onStartOver}
        />
      );
    case 'network_error':
    case 'orchestrator_timeout':
    case 'orchestrator_unavailable':
    case 'orchestrator_protocol':
    case 'orchestrator_auth':
    case 'internal':
    case 'unexpected_response':
      return (
        <Alert severity="error">
          <AlertTitle>The payout may not have been made</AlertTitle>
          {errorMessage(error)} {RETRY_SAFE}
        </Alert>
      );
    case 'request_in_flight':
      return (
        <Alert severity="info">
          <AlertTitle>Still being processed</AlertTitle>
          This payout is still being sent. Wait a moment, then press “Make a payout” again to see
          the outcome: it will not be made twice.
        </Alert>
      );
    case 'idempotency_key_reused':
      return (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onStartOver}>
              Start a new payout
            </Button>
          }
        >
          <AlertTitle>This form already sent a payout with other details</AlertTitle>
          Its outcome is not known here. Check{' '}
          <Link component={RouterLink} to={`/payouts?q=${encodeURIComponent(orderId)}`}>
            the payouts for order {orderId}
          </Link>{' '}
          before making it again.
        </Alert>
      );
    case 'orchestrator_rejected':
      return (
        <Alert severity="error">
          <AlertTitle>The orchestrator refused the payout</AlertTitle>
          {error.message} Change the details and send it again.
        </Alert>
      );
    default:
      return (
        <Alert severity="error">
          <AlertTitle>The payout was not made</AlertTitle>
          {errorMessage(error)}
        </Alert>
      );
  }
}

function shown(name: string, value: PayoutMetadataValue | undefined): string {
  if (value === undefined || value === '') return '—';
  return String(maskFieldValue(name, value));
}

export function ReviewStep({
  body,
  beneficiaryId,
  section,
  sending,
  error,
  generalErrors,
  onBack,
  onSend,
  onPayAgain,
  onStartOver,
}: ReviewStepProps) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Typography>Check the payout. Sensitive values are masked.</Typography>
      <section aria-labelledby="review-payout">
        <Typography id="review-payout" variant="h6" component="h3" sx={{ mb: 1 }}>
          Payout
        </Typography>
        <DetailList
          items={[
            { label: 'Amount', value: formatMoney(body.amount, body.currency) },
            { label: 'Country', value: `${regionName(body.country)} (${body.country})` },
            { label: 'Currency', value: `${body.currency} · ${currencyName(body.currency)}` },
            ...(body.state ? [{ label: stateLabel(body.country), value: body.state }] : []),
            { label: 'Order ID', value: body.order_id },
            { label: 'Payout method', value: PAYOUT_METHOD_TYPE_TITLES[body.payout_method_type] },
            { label: 'PSP', value: section.provider.title },
          ]}
        />
      </section>
      <section aria-labelledby="review-recipient">
        <Typography id="review-recipient" variant="h6" component="h3" sx={{ mb: 1 }}>
          Recipient details
        </Typography>
        <DetailList
          items={section.fields
            .filter((f) => f.required || (body.metadata[f.name] ?? '') !== '')
            .map((f) => ({ label: f.title, value: shown(f.name, body.metadata[f.name]) }))}
        />
      </section>
      <ApprovalPreview body={body} beneficiaryId={beneficiaryId} />
      {error ? (
        <SendError
          error={error}
          orderId={body.order_id}
          sending={sending}
          onPayAgain={onPayAgain}
          onStartOver={onStartOver}
        />
      ) : null}
      {generalErrors.map((message) => (
        <Alert key={message} severity="error">
          {message}
        </Alert>
      ))}
      <WizardButtons
        onBack={sending ? undefined : onBack}
        next={
          <Button
            type="button"
            variant="contained"
            onClick={onSend}
            disabled={sending}
            loading={sending}
            loadingPosition="start"
          >
            Make a payout
          </Button>
        }
      />
    </Stack>
  );
}
