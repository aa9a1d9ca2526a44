import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { BatchRowCells, PayoutMethodType } from '@payouts/contracts';
import type { Clock } from '../../shared/clock.js';
import type { PayoutsRepository } from '../payouts/index.js';
import type { BatchKind } from './batchModel.js';
import type { BatchesRepository } from './batchesRepository.js';
import {
  duplicateWarnings,
  sameWarnings,
  type DuplicateCandidate,
  type RowWarning,
} from './batchDuplicates.js';

/** Rows fingerprinted between two turns of the event loop. */
export const STORE_PART_ROWS = 250;

/** A batch's possible-duplicate flags (decision 046): computed, stored and refreshed. */
export function createBatchDuplicateFlags({
  repo,
  clock,
  accountFingerprint,
  duplicates,
}: {
  repo: Pick<BatchesRepository, 'beneficiariesByReference' | 'duplicateCandidates' | 'setWarnings'>;
  clock: Clock;
  /** The keyed fingerprint of the account a row's cells pay (the payouts' key). */
  accountFingerprint: (type: PayoutMethodType, cells: BatchRowCells) => string | null;
  /** The window, and the recent payouts to some accounts. */
  duplicates: {
    windowMs: number;
    recent: PayoutsRepository['recentByFingerprints'];
  };
}) {
  /**
   * The account each row pays: a saved beneficiary's fingerprint for a row naming one, else the
   * fingerprint of the account in its cells.
   */
  async function fingerprintsOf(
    kind: BatchKind,
    rows: readonly BatchRowCells[],
  ): Promise<(string | null)[]> {
    const references = rows
      .map((cells) => (cells.beneficiary_reference ?? '').trim())
      .filter((reference) => reference !== '');
    const byReference = await repo.beneficiariesByReference(references);
    const out: (string | null)[] = [];
    // An HMAC a row: a part at a time, the event loop running between parts (decision 042).
    for (const [i, cells] of rows.entries()) {
      if (i > 0 && i % STORE_PART_ROWS === 0) await yieldToLoop();
      const reference = (cells.beneficiary_reference ?? '').trim();
      out.push(
        reference !== ''
          ? (byReference.get(reference)?.fingerprint ?? null)
          : accountFingerprint(kind.payoutMethodType as PayoutMethodType, cells),
      );
    }
    return out;
  }

  /** The possible-duplicate flags of these rows of `batch` (none when the check is off). */
  async function flagsFor(
    batch: { id: string; currency: string },
    candidates: readonly DuplicateCandidate[],
  ): Promise<Map<number, RowWarning[]>> {
    if (duplicates.windowMs <= 0) return new Map();
    const fingerprints = candidates.flatMap((c) =>
      c.accountFingerprint !== null && !c.excluded ? [c.accountFingerprint] : [],
    );
    const recent = await duplicates.recent({
      fingerprints,
      currency: batch.currency,
      since: new Date(clock.now().getTime() - duplicates.windowMs),
      exceptBatchId: batch.id,
    });
    return duplicateWarnings(candidates, recent);
  }

  /**
   * Flags (not refuses) the rows that repeat an earlier row's account and amount or a recent
   * payout's (DUPLICATE_WINDOW_DAYS), and clears flags that no longer hold. Run after an upload,
   * a fixed row, and at validation (the ledger moves on while a draft waits).
   */
  async function refreshDuplicateFlags(batch: { id: string; currency: string }): Promise<void> {
    const rows = await repo.duplicateCandidates(batch.id);
    const flags = await flagsFor(
      batch,
      rows.map((r) => ({
        row: r.row,
        accountFingerprint: r.accountFingerprint,
        amount: r.amount,
        excluded: r.state === 'excluded',
      })),
    );
    const updates = rows.flatMap((r) => {
      const warnings = flags.get(r.row) ?? [];
      return sameWarnings(r.warnings, warnings) ? [] : [{ row: r.row, warnings }];
    });
    await repo.setWarnings(batch.id, updates);
  }

  return { fingerprintsOf, flagsFor, refreshDuplicateFlags };
}
