import { isFinalStatus, type PayoutStatus } from '@payouts/contracts';

interface StatusPatch {
  status?: PayoutStatus;
  updatedAt?: Date;
  finalAt?: Date | null;
}

/**
 * The patch with `finalAt` set when it makes the payout final (the overview's time to
 * a final status). The time is the patch's `updatedAt`, which the caller took from the clock like
 * every timestamp; a payout already final keeps its first `finalAt`. The repository's two
 * writers of a status (`change` and `recordApproval`) pass every patch through here.
 */
export function withFinalAt<P extends StatusPatch>(current: { status: PayoutStatus }, patch: P): P {
  if (patch.status === undefined || patch.finalAt !== undefined) return patch;
  const becomesFinal = isFinalStatus(patch.status);
  const wasFinal = isFinalStatus(current.status);
  if (becomesFinal && !wasFinal && patch.updatedAt) return { ...patch, finalAt: patch.updatedAt };
  if (!becomesFinal && wasFinal) return { ...patch, finalAt: null };
  return patch;
}
