import type { PayoutDto } from '@payouts/contracts';
import { relativeTime } from '../../components/formatDateTime.js';

/** Why a payout needs a person, and what to do first: the detail page's notice. */
export function attentionText(payout: PayoutDto, now: number = Date.now()): string {
  switch (payout.attention_reason) {
    case 'unresolved':
      return (
        'Needs a person: the orchestrator did not answer when this payout was sent, and no ' +
        'record with its order ID has been found since. It is never sent again on a guess. ' +
        'The timeline lists every lookup and its answer; lookups go on while lists may lag.'
      );
    case 'resend_refused':
      return (
        'Needs a person: sending it again with the same order ID was refused, so it may exist ' +
        'at the orchestrator. It is not marked failed; lookups by order ID go on.'
      );
    case 'sealed_data_lost':
      return (
        'Needs a person: its outcome is unknown and its stored details cannot be read to send ' +
        'it again. Lookups by order ID go on.'
      );
    case 'unrecognized_status':
      return (
        'Needs a person: the orchestrator reported a status this back-office does not know ' +
        '(shown as it was sent). It is neither paid out nor failed here until its status is ' +
        'one we know; status checks go on.'
      );
    case null:
      return ageText(payout, now);
  }
}

/**
 * A payout flagged only because it is old (no reason of the reconciler's): how old, where it
 * waits, that nothing is wrong on this side, and whom to ask with which reference.
 */
function ageText(payout: PayoutDto, now: number): string {
  const created = `Created ${relativeTime(payout.created_at, now)}`;
  const psp = payout.provider_title ?? payout.provider;
  const checks = 'Its status is checked on a schedule, and "Check status" asks now.';
  switch (payout.status) {
    case 'pending':
    case 'in_process':
    case 'authorized': {
      const reference = payout.psp_transaction_id
        ? `PSP transaction ID ${payout.psp_transaction_id}`
        : payout.orchestrator_id
          ? `orchestrator ID ${payout.orchestrator_id}`
          : `order ID ${payout.order_id}`;
      return (
        `Needs attention only because it is old. ${created}, it is still open at ${psp}: longer ` +
        `than payouts usually take, and not an error of this back-office. ${checks} If it stays ` +
        `open, ask ${psp} about ${reference}.`
      );
    }
    case 'submitting':
      return (
        `Needs attention only because it is old. ${created}, it is still being sent to the ` +
        `orchestrator; it is never sent twice. ${checks}`
      );
    case 'unknown':
      return (
        `Needs attention only because it is old. ${created}, the orchestrator has not confirmed ` +
        `it yet. It is looked up by its order ID and never sent again on a guess. ${checks}`
      );
    default:
      return (
        'Needs attention: this payout has had no final status for longer than expected. Check ' +
        'its status, or its timeline, before anything else.'
      );
  }
}
