import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { describeApprovals, type PayoutRequest } from '@payouts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';
import { payoutQueryKeys } from '../payouts/payoutQueryKeys.js';

/**
 * What the review step says about approval: whether the payout will wait, for how many people
 * and which roles, by which rule of the policy in force (the BFF's answer, as creation would
 * match it). A preview: the payout itself is matched again when it is made.
 */
export function ApprovalPreview({
  body,
  beneficiaryId,
}: {
  body: Pick<PayoutRequest, 'amount' | 'currency' | 'country' | 'payout_method_type' | 'provider'>;
  beneficiaryId: string | null;
}) {
  const api = useApi();
  const facts = {
    amount: body.amount,
    currency: body.currency,
    country: body.country,
    payout_method_type: body.payout_method_type,
    provider: body.provider,
    ...(beneficiaryId ? { beneficiary_id: beneficiaryId } : {}),
  };
  const preview = useQuery({
    queryKey: payoutQueryKeys.approvalPreview(facts),
    queryFn: ({ signal }) => api.payouts.previewApproval(facts, signal),
    staleTime: 30_000,
    retry: 1,
  });
  if (preview.isPending) {
    return (
      <Typography color="text.secondary" role="status">
        Checking whether it needs approval…
      </Typography>
    );
  }
  if (preview.isError) {
    return (
      <Typography color="text.secondary" role="status">
        Could not check whether it needs approval now: the approval policy applies when the payout
        is made.
      </Typography>
    );
  }
  const rule = preview.data;
  if (rule.approvals_required === 0) {
    return (
      <Alert severity="success" role="status">
        No approval needed: it is sent as soon as you make it (rule “{rule.name}”).
      </Alert>
    );
  }
  const people =
    rule.approvals_required === 1 ? 'one other person' : `${rule.approvals_required} other people`;
  return (
    <Alert severity="info" role="status">
      <AlertTitle>It will wait for approval before it is sent</AlertTitle>
      Rule “{rule.name}”: {describeApprovals({ count: rule.approvals_required, roles: rule.roles })}
      . Nothing reaches the PSP until {people} approve
      {rule.approvals_required === 1 ? 's' : ''} it; you cannot approve your own payout.
    </Alert>
  );
}
