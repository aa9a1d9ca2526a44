import type { PayoutStatus } from '@payouts/contracts';

export interface StatusStyle {
  label: string;
  /** Chip background; white text on it keeps a contrast of 4.5:1 or more in both themes. */
  color: string;
  /** Read by screen readers after the label: what the status means for the person looking. */
  description: string;
}

/** One colour per status, all distinct; the label and icon carry the meaning, not the colour. */
export const PAYOUT_STATUS_STYLES: Readonly<Record<PayoutStatus, StatusStyle>> = {
  awaiting_approval: {
    label: 'Awaiting approval',
    color: '#8a4b00',
    description: 'waits for a second person to approve it',
  },
  rejected: { label: 'Rejected', color: '#5d4037', description: 'rejected by an approver' },
  submitting: {
    label: 'Submitting',
    color: '#3949ab',
    description: 'being sent to the orchestrator',
  },
  pending: { label: 'Pending', color: '#01579b', description: 'accepted, waiting for the PSP' },
  in_process: { label: 'In process', color: '#006064', description: 'the PSP is processing it' },
  authorized: { label: 'Authorized', color: '#6a1b9a', description: 'authorized by the PSP' },
  // "Paid out", never "Approved": approval is what a second person gives ("Approved by").
  approved: { label: 'Paid out', color: '#1b5e20', description: 'the PSP paid it out' },
  declined: { label: 'Declined', color: '#b71c1c', description: 'declined by the PSP' },
  failed: {
    label: 'Failed',
    color: '#880e4f',
    description: 'refused by the orchestrator, nothing was sent',
  },
  unknown: {
    label: 'Unknown',
    color: '#455a64',
    description: 'no answer yet, being reconciled',
  },
  unrecognized: {
    label: 'Unrecognized',
    color: '#bf360c',
    description:
      'the orchestrator reported a status this back-office does not know; a person should read it',
  },
};
