import {
  BATCH_RESULT_COLUMNS,
  type BatchDto,
  type BatchRowDto,
  type BatchRowFilter,
  type BatchRowsDto,
  type PayoutActor,
  type PayoutMethodType,
} from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { SessionUser } from '../../shared/identity.js';
import { stringify } from 'csv-stringify/sync';
import { csvCell } from '../../http/streamCsv.js';
import type { ProvidersService } from '../providers/index.js';
import { cannotDecideReason, secondPersonQuestion } from './batchDecisions.js';
import type { SeparationOfDuties } from '../separationOfDuties/index.js';
import { modelOf } from './batchModel.js';
import type {
  BatchActor,
  BatchesRepository,
  BatchItemWithPayout,
  BatchRow,
} from './batchesRepository.js';

/** How batches and their rows are shown: one DTO for every route's reply. */
export interface BatchViews {
  findOr404(id: string): Promise<BatchRow>;
  dtoOf(batch: BatchRow, viewer: SessionUser): Promise<BatchDto>;
  rows(
    batch: BatchRow,
    input: { filter: BatchRowFilter; offset: number; limit: number },
  ): Promise<BatchRowsDto>;
  /** The results export: one line per row (BATCH_RESULT_COLUMNS). */
  resultsCsv(batch: BatchRow): Promise<string>;
}

const FIXED_TITLES: Record<string, string> = {
  order_id: 'Order ID',
  amount: 'Amount',
  state: 'State',
  beneficiary_reference: 'Beneficiary reference',
};

function actorOf(actors: Map<string, BatchActor>, id: string | null): PayoutActor {
  const found = id ? actors.get(id) : undefined;
  return found
    ? { id: found.id, email: found.email, name: found.name }
    : { id: id ?? '', email: 'unknown', name: 'Unknown' };
}

function rowDto(item: BatchItemWithPayout): BatchRowDto {
  return {
    row: item.row,
    state: item.state,
    cells: item.cellsMasked,
    errors: item.errors,
    warnings: item.warnings,
    order_id: item.orderId,
    amount: item.amount,
    payout_id: item.payoutId,
    payout_status: item.payoutStatus ?? null,
    orchestrator_id: item.orchestratorId,
    reason: item.failureReason ?? item.declineReason ?? null,
  };
}

export function createBatchViews({
  repo,
  providersService,
  pspTitles,
  clock,
  separationOfDuties,
}: {
  repo: BatchesRepository;
  providersService: ProvidersService;
  pspTitles: ReadonlyMap<string, string>;
  clock: Clock;
  separationOfDuties: Pick<SeparationOfDuties, 'refusal'>;
}): BatchViews {
  /** Column titles from the PSP's form; the names alone when the metadata cannot be read. */
  async function columnsOf(batch: BatchRow): Promise<{ name: string; title: string }[]> {
    const titles = new Map<string, string>();
    try {
      const model = await modelOf(providersService, batch, clock.now());
      for (const c of model.columns) titles.set(c.name, c.title);
    } catch {
      // The grid still shows every column, by name.
    }
    return batch.columns.map((name) => ({
      name,
      title: titles.get(name) ?? FIXED_TITLES[name] ?? name,
    }));
  }

  return {
    async findOr404(id) {
      const batch = await repo.findById(id);
      if (!batch) throw new AppError('not_found', 'No such batch.');
      return batch;
    },

    async dtoOf(batch, viewer) {
      const [counts, approvals, columns] = await Promise.all([
        repo.counts(batch.id),
        repo.approvals(batch.id),
        columnsOf(batch),
      ]);
      const actors = await repo.actors([
        batch.createdBy,
        batch.rejectedBy,
        batch.cancelledBy,
        ...approvals.map((a) => a.userId),
        ...batch.othersChanges.map((c) => c.by),
      ]);
      let reason =
        batch.status === 'awaiting_approval' ? cannotDecideReason(batch, approvals, viewer) : null;
      if (batch.status === 'awaiting_approval' && reason === null) {
        reason =
          (await separationOfDuties.refusal(secondPersonQuestion(batch, viewer)))?.message ?? null;
      }
      const summary = batch.summary;
      return {
        id: batch.id,
        status: batch.status,
        file_name: batch.fileName,
        file_sha256: batch.fileSha256,
        country: batch.country,
        currency: batch.currency,
        payout_method_type: batch.payoutMethodType as PayoutMethodType,
        provider: batch.provider,
        provider_title: pspTitles.get(batch.provider) ?? null,
        columns,
        created_by: actorOf(actors, batch.createdBy),
        created_at: batch.createdAt.toISOString(),
        updated_at: batch.updatedAt.toISOString(),
        submitted_at: batch.submittedAt?.toISOString() ?? null,
        completed_at: batch.completedAt?.toISOString() ?? null,
        form_changed: batch.formChanged ?? null,
        changed_by_others: batch.othersChanges.map((c) => ({
          by: actorOf(actors, c.by),
          at: c.at,
          row: c.row,
          cells: c.cells,
        })),
        counts: {
          rows: batch.rowCount,
          invalid: counts.rows.invalid ?? 0,
          valid: counts.rows.valid ?? 0,
          excluded: counts.rows.excluded ?? 0,
          queued: counts.rows.queued ?? 0,
          sending: counts.rows.sending ?? 0,
          cancelled: counts.rows.cancelled ?? 0,
          payouts: counts.payouts,
        },
        summary: summary
          ? {
              included: summary.included,
              excluded: summary.excluded,
              totals: summary.totals,
              per_provider: summary.perProvider.map((p) => ({
                provider: p.provider,
                provider_title: pspTitles.get(p.provider) ?? null,
                rows: p.rows,
                amount: p.amount,
              })),
              rows_needing_approval: summary.rowsNeedingApproval,
              rows_waiting_individually: summary.rowsWaitingIndividually,
            }
          : null,
        approval: {
          rule: batch.approvalRule
            ? { id: batch.approvalRule.id, name: batch.approvalRule.name }
            : null,
          required: batch.approvalRule?.count ?? 0,
          roles: batch.approvalRule?.roles ?? [],
          approvals: approvals.map((a) => ({
            by: actorOf(actors, a.userId),
            at: a.at.toISOString(),
            step: a.step,
          })),
          rejected:
            batch.rejectedBy && batch.rejectedAt
              ? {
                  by: actorOf(actors, batch.rejectedBy),
                  at: batch.rejectedAt.toISOString(),
                  reason: batch.rejectionReason ?? '',
                }
              : null,
        },
        can_decide: batch.status === 'awaiting_approval' && reason === null,
        cannot_decide_reason: reason,
        cancelled:
          batch.cancelledBy && batch.cancelledAt
            ? {
                by: actorOf(actors, batch.cancelledBy),
                at: batch.cancelledAt.toISOString(),
                reason: batch.cancelReason,
              }
            : null,
        retry_of: batch.retryOf,
      };
    },

    async rows(batch, { filter, offset, limit }) {
      const { rows, total } = await repo.rows(batch.id, { filter, offset, limit });
      return { rows: rows.map(rowDto), total };
    },

    async resultsCsv(batch) {
      const rows = await repo.allRows(batch.id);
      const records = rows.map((r) => {
        const reason =
          r.failureReason ??
          r.declineReason ??
          (r.errors.length > 0 ? r.errors.map((e) => e.message).join(' ') : '');
        return [
          String(r.row),
          r.orderId ?? '',
          r.amount ?? '',
          batch.currency,
          r.state,
          r.payoutId ?? '',
          r.payoutStatus ?? '',
          r.orchestratorId ?? '',
          reason,
        ].map(csvCell);
      });
      // Every text cell quoted, as the payouts export: a spreadsheet whose locale separates with
      // `;` then never splits a cell into a formula.
      return stringify([[...BATCH_RESULT_COLUMNS], ...records], {
        quoted_string: true,
        record_delimiter: 'windows',
      });
    },
  };
}
