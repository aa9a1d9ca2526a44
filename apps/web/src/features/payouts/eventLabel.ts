const LABELS: Readonly<Record<string, string>> = {
  created: 'Created',
  approval_requested: 'Approval by a second person requested',
  approved: 'Approved by a second person',
  rejected: 'Rejected',
  cancelled: 'Cancelled by its creator',
  lookup: 'Looked up at the orchestrator',
  resubmitted: 'Sent again with the same order ID',
  resubmit_refused: 'Sending again refused: it may exist at the orchestrator',
  resubmit_deferred: 'Sending again delayed: rate limited',
  needs_resolution: 'Handed to a person: no evidence settled the outcome',
  lookups_ended: 'Lookups by order ID stopped',
  found_by_person: 'Found at the PSP by a person, and linked',
  mark_failed_proposed: 'Proposed: not sent, mark failed',
  mark_failed_rejected: 'Marking failed declined',
  mark_failed_withdrawn: 'Marking failed withdrawn',
  marked_failed: 'Marked failed by a second person',
  sent_again: 'Sent again as a new payout',
  submitted: 'Sent to the orchestrator',
  submit_failed: 'Refused by the orchestrator',
  submit_outcome_unknown: 'No answer from the orchestrator',
  notification: 'Notification from the orchestrator',
  status_check: 'Status checked',
  status_changed: 'Status changed',
  reconciled: 'Reconciled',
};

/** The timeline's words for an event type; unknown types are shown in words too. */
export function eventLabel(type: string): string {
  const known = LABELS[type];
  if (known) return known;
  const words = type.replace(/[_.-]+/g, ' ').trim();
  return words === '' ? 'Event' : words.charAt(0).toUpperCase() + words.slice(1);
}
