import {
  buildBatchFileModel,
  type BatchRowCells,
  type Corridor,
  type PayoutMethodType,
  type PayoutProvider,
} from '@payouts/contracts';
import type { Logger } from 'pino';
import type { BatchFormChange } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext } from '../../shared/identity.js';
import type { SealedBox } from '../../shared/sealedBox.js';
import type { AuditService } from '../audit/index.js';
import { maskCells, openCells, validateRows } from './batchModel.js';
import type { BatchesRepository, BatchRow, NewBatchItemRow } from './batchesRepository.js';

/** A batch whose rows stopped passing when the corridor's form changed. */
export interface RecheckedBatch {
  batchId: string;
  fileName: string;
  /** Rows that passed before and no longer do. */
  rows: number;
  /** The PSP no longer offers the batch's corridor and payout method type. */
  withdrawn: boolean;
}

export interface BatchRecheck {
  /**
   * Checks every batch of the corridor not yet submitted against the metadata the orchestrator
   * now lists (decision 041): rows that would now fail become `invalid` with the field and the
   * message, and a validated batch with such rows goes back to `draft`, before anyone submits it.
   */
  recheck(input: {
    corridor: Corridor;
    providers: readonly PayoutProvider[];
    version: number;
  }): Promise<RecheckedBatch[]>;
}

const SYSTEM: AuditContext = { actor: null, ip: null, requestId: 'metadata-version' };

const sameErrors = (a: readonly unknown[], b: readonly unknown[]) =>
  JSON.stringify(a) === JSON.stringify(b);

export function createBatchRecheck({
  repo,
  sealedBox,
  corridors,
  clock,
  auditService,
  logger,
}: {
  repo: BatchesRepository;
  sealedBox: SealedBox;
  corridors: readonly Corridor[];
  clock: Clock;
  auditService: AuditService;
  logger: Logger;
}): BatchRecheck {
  async function recheckOne(
    batch: BatchRow,
    providers: readonly PayoutProvider[],
    version: number,
  ): Promise<RecheckedBatch | undefined> {
    const now = clock.now();
    const corridor = { country: batch.country, currency: batch.currency };
    const model = buildBatchFileModel(
      [...providers],
      corridor,
      batch.payoutMethodType as PayoutMethodType,
      batch.provider,
      { now },
    );
    // A validated batch's left-out rows stay out; a draft's invalid rows are checked again too.
    const rows = (await repo.allRows(batch.id)).filter(
      (r) => r.state === 'valid' || (r.state === 'invalid' && batch.status === 'draft'),
    );
    const patches: { row: number; patch: Partial<NewBatchItemRow>; ifUpdatedAt: Date }[] = [];
    let newlyInvalid = 0;
    if (!model) {
      const message = `${batch.provider} no longer offers ${batch.payoutMethodType.replace('_', ' ')} payouts to ${batch.country} in ${batch.currency} (the orchestrator’s metadata version ${version}).`;
      for (const r of rows) {
        const errors = [{ column: null, message }];
        if (r.state === 'valid') newlyInvalid += 1;
        else if (sameErrors(r.errors, errors)) continue;
        patches.push({
          row: r.row,
          patch: { state: 'invalid', errors, updatedAt: now },
          ifUpdatedAt: r.updatedAt,
        });
      }
    } else {
      const readable: { row: (typeof rows)[number]; cells: BatchRowCells }[] = [];
      for (const r of rows) {
        const cells = openCells(sealedBox, batch.id, r.row, r.cellsSealed);
        // Sealed under a key no longer configured: fixing or validating it says so.
        if (cells) readable.push({ row: r, cells });
      }
      const verdicts = await validateRows(
        { repo, corridors },
        model,
        batch.id,
        readable.map((r) => r.cells),
        readable.map((r) => r.row.row),
      );
      readable.forEach(({ row: r, cells }, i) => {
        const errors = verdicts[i]?.errors ?? [];
        const state = errors.length > 0 ? 'invalid' : 'valid';
        const masked = maskCells(model, cells);
        if (
          state === r.state &&
          sameErrors(r.errors, errors) &&
          sameErrors(Object.entries(r.cellsMasked), Object.entries(masked))
        ) {
          return;
        }
        if (r.state === 'valid' && state === 'invalid') newlyInvalid += 1;
        // A validated batch only goes back for rows that fail now; its passing rows stay.
        if (batch.status === 'validated' && state === 'valid') return;
        patches.push({
          row: r.row,
          patch: { state, errors, cellsMasked: masked, updatedAt: now },
          ifUpdatedAt: r.updatedAt,
        });
      });
    }
    const columns = model ? model.columns.map((c) => c.name) : batch.columns;
    const columnsMoved = !sameErrors(columns, batch.columns);
    if (batch.status === 'validated' && newlyInvalid === 0) return undefined;
    if (patches.length === 0 && !columnsMoved) return undefined;
    const formChanged: BatchFormChange | undefined =
      newlyInvalid > 0
        ? { version, at: now.toISOString(), rows: newlyInvalid, withdrawn: !model }
        : undefined;
    const changed = await repo.change(batch.id, (current) => {
      if (current.status !== batch.status) return { refused: current.status };
      return {
        patch: {
          columns,
          updatedAt: now,
          ...(formChanged ? { formChanged } : {}),
          ...(current.status === 'validated'
            ? { status: 'draft', summary: null, approvalRule: null }
            : {}),
        },
        moveRows: current.status === 'validated' ? [{ from: ['excluded'], to: 'invalid' }] : [],
        rowPatches: patches,
        audit: formChanged
          ? [
              auditService.row(SYSTEM, {
                action: 'batch.form_changed',
                target: { type: 'batch', id: batch.id },
                data: {
                  metadata_version: version,
                  rows_now_invalid: newlyInvalid,
                  withdrawn: !model,
                  was: current.status,
                },
              }),
            ]
          : [],
        result: 'rechecked',
      };
    });
    if (!changed || changed.result !== 'rechecked' || !formChanged) return undefined;
    return { batchId: batch.id, fileName: batch.fileName, rows: newlyInvalid, withdrawn: !model };
  }

  return {
    async recheck({ corridor, providers, version }) {
      const flagged: RecheckedBatch[] = [];
      for (const batch of await repo.unsubmittedIn(corridor)) {
        try {
          const result = await recheckOne(batch, providers, version);
          if (result) flagged.push(result);
        } catch (error) {
          // One batch that cannot be checked does not stop the others; validating it checks again.
          logger.warn(
            { err: error, batchId: batch.id },
            'batch not re-checked against new metadata',
          );
        }
      }
      return flagged;
    },
  };
}
