import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  buildBatchFileModel,
  isSensitiveField,
  maskFieldValue,
  matchRule,
  sumAmounts,
  prepareBatchValidation,
  validateBatchRows,
  type ApprovalPolicy,
  type ApprovalRule,
  type BatchBeneficiary,
  type BatchFileModel,
  type BatchRowCells,
  type Corridor,
  type PayoutMethodType,
} from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { SealedBox } from '../../shared/sealedBox.js';
import { isSecurityCodeField } from '../payouts/index.js';
import type { ProvidersService } from '../providers/index.js';
import type { FrozenApprovalRule, StoredBatchSummary } from '../../db/schema.js';
import type { BatchesRepository } from './batchesRepository.js';

export interface BatchKind {
  country: string;
  currency: string;
  payoutMethodType: string;
  provider: string;
}

/** The file model of a batch's corridor, type and PSP, from the metadata in force now. */
export async function modelOf(
  providersService: ProvidersService,
  kind: BatchKind,
  now: Date,
): Promise<BatchFileModel> {
  const corridor: Corridor = { country: kind.country, currency: kind.currency };
  const { providers } = await providersService.get(corridor);
  const model = buildBatchFileModel(
    providers,
    corridor,
    kind.payoutMethodType as PayoutMethodType,
    kind.provider,
    { now },
  );
  if (!model) {
    throw new AppError(
      'validation_failed',
      `${kind.provider} does not offer ${kind.payoutMethodType.replace('_', ' ')} payouts to ${kind.country} in ${kind.currency}.`,
      {
        errors: [
          { pointer: '/provider', message: 'Not offered for this corridor and payout method type' },
        ],
      },
    );
  }
  return model;
}

/** A row's cells as the grid may show them: card numbers 6 + 4, secrets masked, no CVV. */
export function maskCells(model: BatchFileModel, cells: BatchRowCells): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const column of model.columns) {
    const value = Object.hasOwn(cells, column.name) ? (cells[column.name] ?? '') : '';
    const field = column.field?.name;
    if (field === undefined || value === '') masked[column.name] = value;
    // A security code is never shown, not even masked: only that one was given.
    else if (isSecurityCodeField(field)) masked[column.name] = '***';
    else if (isSensitiveField(field)) masked[column.name] = String(maskFieldValue(field, value));
    else masked[column.name] = value;
  }
  return masked;
}

export function sealCells(
  sealedBox: SealedBox,
  batchId: string,
  row: number,
  cells: BatchRowCells,
): string {
  return sealedBox.seal(JSON.stringify(cells), `batch:${batchId}:${row}`);
}

/** The cells of a row; undefined once erased or sealed under a key no longer configured. */
export function openCells(
  sealedBox: SealedBox,
  batchId: string,
  row: number,
  sealed: string | null,
): BatchRowCells | undefined {
  if (sealed === null) return undefined;
  const plain = sealedBox.open(sealed, `batch:${batchId}:${row}`);
  return plain === undefined ? undefined : (JSON.parse(plain) as BatchRowCells);
}

/** One row's verdict: its errors (empty: valid). */
export interface RowVerdict {
  row: number;
  errors: { column: string | null; message: string }[];
}

/**
 * Validates rows the way the wizard would, plus the ledger: order ids a payout or another live
 * batch holds, and saved beneficiaries by reference. `rowNumbers[i]` is the file row of
 * `rows[i]` (a single fixed row keeps its number).
 */
/** Rows validated between two turns of the event loop (about 6 ms of CPU). */
const VALIDATION_PART_ROWS = 250;
/** Rows whose rules are matched between two turns of the event loop (about 5 ms per 1,000). */
const ASSESS_PART_ROWS = 1_000;

export async function validateRows(
  deps: { repo: BatchesRepository; corridors: readonly Corridor[] },
  model: BatchFileModel,
  batchId: string,
  rows: readonly BatchRowCells[],
  rowNumbers: readonly number[],
  extraOrderIds: ReadonlySet<string> = new Set(),
): Promise<RowVerdict[]> {
  const orderIds = rows.map((r) => (r.order_id ?? '').trim()).filter((id) => id !== '');
  const references = rows
    .map((r) => (r.beneficiary_reference ?? '').trim())
    .filter((ref) => ref !== '');
  const [taken, found] = await Promise.all([
    deps.repo.takenOrderIds(orderIds, batchId),
    deps.repo.beneficiariesByReference(references),
  ]);
  for (const id of extraOrderIds) taken.add(id);
  const beneficiaries = new Map<string, BatchBeneficiary>();
  for (const [reference, b] of found) {
    if (b.status === 'archived') continue;
    beneficiaries.set(reference, {
      reference,
      country: b.country,
      currency: b.currency,
      payout_method_type: b.payoutMethodType as PayoutMethodType,
      provider: b.provider,
    });
  }
  const verdicts: RowVerdict[] = rowNumbers.map((row) => ({ row, errors: [] }));
  // A part at a time, the event loop running between parts: 10,000 rows take about 230 ms of
  // CPU, which no other request should wait for (decision 042).
  const firstRowOfOrderId = new Map<string, number>();
  prepareBatchValidation(model);
  for (let start = 0; start < rows.length; start += VALIDATION_PART_ROWS) {
    await yieldToLoop();
    const validation = validateBatchRows(rows.slice(start, start + VALIDATION_PART_ROWS), {
      model,
      corridors: deps.corridors,
      beneficiaries,
      existingOrderIds: taken,
      firstRow: start + 1,
      firstRowOfOrderId,
    });
    if (validation.fileErrors.length > 0) {
      // The file as a whole (its corridor): every row, once.
      for (const message of validation.fileErrors) {
        for (const v of verdicts) v.errors.push({ column: null, message });
      }
      return verdicts;
    }
    for (const error of validation.errors) {
      verdicts[error.row - 1]?.errors.push({ column: error.column, message: error.message });
    }
  }
  return verdicts;
}

/** The order id of a row that gave none: derived from the file and the row, so stable. */
export function generatedOrderId(fileSha256: string, row: number): string {
  return `${generatedOrderIdPrefix(fileSha256)}${row}`;
}

/** What every generated order id of the file starts with: the row number follows. */
export function generatedOrderIdPrefix(fileSha256: string): string {
  return `B${fileSha256.slice(0, 12)}-`;
}

export function frozenRule(rule: ApprovalRule): FrozenApprovalRule {
  return {
    id: rule.id,
    name: rule.name,
    count: rule.approvals.count,
    roles: [...rule.approvals.roles],
  };
}

/**
 * What a batch will pay and who must approve it, under the policy in force: the batch's own
 * rule is the one its total matches as a batch; a row whose own rule asks for more (or for
 * roles the batch's approvers may lack) waits individually after the batch is approved.
 */
export async function assessBatch(
  policy: ApprovalPolicy,
  kind: BatchKind,
  included: readonly { amount: string; changedAt: Date | null }[],
  excluded: number,
  now: Date,
): Promise<{ summary: StoredBatchSummary; rule: FrozenApprovalRule }> {
  const base = {
    currency: kind.currency,
    payout_method_type: kind.payoutMethodType as PayoutMethodType,
    provider: kind.provider,
    country: kind.country,
    in_batch: true,
    now,
  };
  const total = included.length > 0 ? sumAmounts(included.map((r) => r.amount)) : '0';
  const batchRule = frozenRule(matchRule(policy, { ...base, amount: total, beneficiary: null }));
  let needing = 0;
  let waiting = 0;
  // Each row's rule, a part at a time with the event loop running between parts.
  for (const [i, row] of included.entries()) {
    if (i > 0 && i % ASSESS_PART_ROWS === 0) await yieldToLoop();
    const rule = matchRule(policy, {
      ...base,
      amount: row.amount,
      beneficiary: row.changedAt ? { created_or_changed_at: row.changedAt.toISOString() } : null,
    });
    const count = rule.approvals.count;
    if (count === 0) continue;
    needing += 1;
    const rolesCovered = batchRule.roles.every((r) =>
      (rule.approvals.roles as readonly string[]).includes(r),
    );
    if (count > batchRule.count || !rolesCovered) waiting += 1;
  }
  return {
    summary: {
      included: included.length,
      excluded,
      totals: [{ currency: kind.currency, amount: total }],
      perProvider: [{ provider: kind.provider, rows: included.length, amount: total }],
      rowsNeedingApproval: needing,
      rowsWaitingIndividually: waiting,
    },
    rule: batchRule,
  };
}
