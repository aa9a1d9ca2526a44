import type { ApprovalPolicy } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext } from '../../shared/identity.js';
import type { AuditService } from '../audit/index.js';
import type { BeneficiaryPayouts } from '../beneficiaries/index.js';
import { assessBatch, generatedOrderId, generatedOrderIdPrefix } from './batchModel.js';
import type { BatchesRepository, BatchRow, NewBatchItemRow } from './batchesRepository.js';
import { draftOr409 } from './batchAccess.js';

/**
 * Validation of a draft: its order ids checked once more, its duplicate flags refreshed, its
 * invalid rows excluded (when asked), its approval rule matched and frozen.
 */
export function createDraftValidation({
  repo,
  clock,
  auditService,
  policies,
  beneficiaryPayouts,
  refreshDuplicateFlags,
}: {
  repo: BatchesRepository;
  clock: Clock;
  auditService: AuditService;
  policies: { active(): Promise<ApprovalPolicy> };
  beneficiaryPayouts: BeneficiaryPayouts;
  refreshDuplicateFlags: (batch: { id: string; currency: string }) => Promise<void>;
}) {
  /** `validate`, under the batch's validation lease. */
  async function validateDraft(
    batch: BatchRow,
    excludeInvalid: boolean,
    onBehalf: Record<string, unknown>,
    context: AuditContext,
  ): Promise<void> {
    const { id } = batch;
    await refreshDuplicateFlags(batch);
    const rows = await repo.validationRows(id);
    // The ledger moves on while a draft waits: its order ids are checked once more now.
    const explicit = rows.filter((r) => r.state === 'valid' && r.orderId !== null);
    const taken = await repo.takenOrderIds(
      explicit.map((r) => r.orderId!),
      id,
    );
    const generated = rows
      .filter((r) => r.state === 'valid' && r.orderId === null)
      .map((r) => generatedOrderId(batch.fileSha256, r.row));
    const takenGenerated = await repo.takenOrderIds(generated, id);
    const now = clock.now();
    const updates: { row: number; patch: Partial<NewBatchItemRow> }[] = [];
    const generate: number[] = [];
    let invalid = 0;
    const included: { amount: string; reference: string | null }[] = [];
    for (const r of rows) {
      if (r.state === 'invalid') {
        invalid += 1;
        continue;
      }
      const orderId = r.orderId ?? generatedOrderId(batch.fileSha256, r.row);
      if (taken.has(orderId) || takenGenerated.has(orderId)) {
        invalid += 1;
        updates.push({
          row: r.row,
          patch: {
            state: 'invalid',
            errors: [
              {
                column: 'order_id',
                message: `Order ID ${orderId} is already used by another payout.`,
              },
            ],
            updatedAt: now,
          },
        });
        continue;
      }
      if (r.orderId === null) generate.push(r.row);
      included.push({ amount: r.amount ?? '0', reference: r.beneficiaryReference });
    }
    // Set-based, a part at a time: one statement per 1,000 generated order ids, not one per row.
    const store = async () => {
      if (updates.length > 0) await repo.updateRows(id, updates);
      if (generate.length > 0) {
        await repo.assignGeneratedOrderIds(
          id,
          generatedOrderIdPrefix(batch.fileSha256),
          generate,
          now,
        );
      }
    };
    if (invalid > 0 && !excludeInvalid) {
      await store();
      throw new AppError(
        'validation_failed',
        `${invalid} row${invalid === 1 ? ' has' : 's have'} errors: fix ${invalid === 1 ? 'it' : 'them'}, or continue without ${invalid === 1 ? 'it' : 'them'}.`,
        { extensions: { invalid_rows: invalid } },
      );
    }
    if (included.length === 0) {
      await store();
      throw new AppError('validation_failed', 'No row of this batch is valid: nothing to send.');
    }
    const changedAt = await beneficiaryChangeTimes(
      included.map((r) => r.reference).filter((r): r is string => r !== null),
    );
    const { summary, rule } = await assessBatch(
      await policies.active(),
      batch,
      included.map((r) => ({
        amount: r.amount,
        changedAt: r.reference ? (changedAt.get(r.reference) ?? null) : null,
      })),
      invalid,
      now,
    );
    await store();
    const changed = await repo.change(id, (current) => {
      if (current.status !== 'draft') return { refused: current.status };
      return {
        patch: {
          status: 'validated',
          summary,
          approvalRule: rule,
          formChanged: null,
          updatedAt: now,
        },
        moveRows: [{ from: ['invalid'], to: 'excluded' }],
        audit: [
          auditService.row(context, {
            action: 'batch.validate',
            target: { type: 'batch', id },
            data: {
              included: summary.included,
              excluded: summary.excluded,
              total: summary.totals[0]?.amount ?? '0',
              currency: batch.currency,
              approvals_required: rule.count,
              ...onBehalf,
            },
          }),
        ],
        result: 'validated',
      };
    });
    if (changed && changed.result !== 'validated') await draftOr409(repo, id);
  }

  /** When each referenced beneficiary was created or last changed (approval rules ask). */
  async function beneficiaryChangeTimes(references: string[]): Promise<Map<string, Date>> {
    const unique = [...new Set(references)];
    const found = await repo.beneficiariesByReference(unique);
    const times = new Map<string, Date>();
    for (const [reference, b] of found) {
      const forPayout = await beneficiaryPayouts.forPayout(b.id).catch(() => undefined);
      if (forPayout) times.set(reference, forPayout.createdOrChangedAt);
    }
    return times;
  }
  return validateDraft;
}
