import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { createHash, randomUUID } from 'node:crypto';
import {
  isDecimalString,
  normalizeBatchAmount,
  type ApprovalPolicy,
  type BatchDecimalSeparator,
  type BatchRowCells,
  type Corridor,
  type PayoutMethodType,
} from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { SealedBox } from '../../shared/sealedBox.js';
import type { AuditService } from '../audit/index.js';
import type { BeneficiaryPayouts } from '../beneficiaries/index.js';
import { requireKnownCorridor } from '../corridors/index.js';
import type { PayoutsRepository } from '../payouts/index.js';
import type { ProvidersService } from '../providers/index.js';
import { parseBatchFileInSlices } from './batchFile.js';
import {
  maskCells,
  modelOf,
  openCells,
  sealCells,
  validateRows,
  type BatchKind,
} from './batchModel.js';
import {
  FAILED_PAYOUT_STATUSES,
  type BatchesRepository,
  type NewBatchItemRow,
} from './batchesRepository.js';
import { draftOr409, ownerOr403 } from './batchAccess.js';
import { createBatchDuplicateFlags, STORE_PART_ROWS } from './batchDuplicateFlags.js';
import { createDraftValidation } from './batchValidation.js';

/** A row's amount as kept and shown (a decimal string), or null while its cell is none. */
function amountOf(cells: BatchRowCells): string | null {
  const text = (cells.amount ?? '').trim();
  return isDecimalString(text) ? text : null;
}

/** Upload, fix in place, validate, retry: everything that makes or edits a batch's rows. */
export interface BatchEditing {
  upload(
    input: {
      user: SessionUser;
      corridor: Corridor;
      payoutMethodType: PayoutMethodType;
      provider: string;
      fileName: string;
      bytes: Uint8Array;
      /** How the file writes its amounts (`1.234,50`: comma); read as decimal strings at once. */
      decimal?: BatchDecimalSeparator;
    },
    context: AuditContext,
  ): Promise<string>;
  fixRow(
    input: { user: SessionUser; id: string; row: number; cells: Record<string, string> },
    context: AuditContext,
  ): Promise<void>;
  validate(
    input: { user: SessionUser; id: string; excludeInvalid: boolean },
    context: AuditContext,
  ): Promise<void>;
  retry(
    input: { user: SessionUser; id: string; provider: string },
    context: AuditContext,
  ): Promise<string>;
}

function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** How long a validation holds its batch before another may take it (its process died). */
const VALIDATION_LEASE_MS = 5 * 60_000;

export function createBatchEditing({
  repo,
  providersService,
  corridors,
  sealedBox,
  clock,
  auditService,
  policies,
  beneficiaryPayouts,
  accountFingerprint,
  duplicates,
}: {
  repo: BatchesRepository;
  providersService: ProvidersService;
  corridors: readonly Corridor[];
  sealedBox: SealedBox;
  clock: Clock;
  auditService: AuditService;
  policies: { active(): Promise<ApprovalPolicy> };
  beneficiaryPayouts: BeneficiaryPayouts;
  /** The keyed fingerprint of the account a row's cells pay (the payouts' key). */
  accountFingerprint: (type: PayoutMethodType, cells: BatchRowCells) => string | null;
  /** Possible duplicates (decision 046): the window, and the recent payouts to some accounts. */
  duplicates: {
    windowMs: number;
    recent: PayoutsRepository['recentByFingerprints'];
  };
}): BatchEditing {
  const { fingerprintsOf, flagsFor, refreshDuplicateFlags } = createBatchDuplicateFlags({
    repo,
    clock,
    accountFingerprint,
    duplicates,
  });
  const validateDraft = createDraftValidation({
    repo,
    clock,
    auditService,
    policies,
    beneficiaryPayouts,
    refreshDuplicateFlags,
  });

  /** Stores a new draft: every row sealed, masked and validated. */
  async function storeDraft(
    input: {
      id: string;
      user: SessionUser;
      kind: BatchKind;
      fileName: string;
      fileSha256: string;
      columns: string[];
      rows: BatchRowCells[];
      retryOf: string | null;
    },
    context: AuditContext,
    verdicts: { row: number; errors: { column: string | null; message: string }[] }[],
    maskedOf: (cells: BatchRowCells) => Record<string, string>,
  ): Promise<void> {
    const now = clock.now();
    const items: NewBatchItemRow[] = [];
    const fingerprints = await fingerprintsOf(input.kind, input.rows);
    // Sealed and masked a part at a time, the event loop running between parts.
    for (const [i, cells] of input.rows.entries()) {
      if (i > 0 && i % STORE_PART_ROWS === 0) await yieldToLoop();
      const row = i + 1;
      const errors = verdicts[i]?.errors ?? [];
      const orderId = (cells.order_id ?? '').trim();
      const reference = (cells.beneficiary_reference ?? '').trim();
      items.push({
        batchId: input.id,
        row,
        state: errors.length > 0 ? 'invalid' : 'valid',
        cellsSealed: sealCells(sealedBox, input.id, row, cells),
        cellsMasked: maskedOf(cells),
        errors,
        accountFingerprint: fingerprints[i] ?? null,
        orderId: orderId === '' ? null : orderId,
        amount: amountOf(cells),
        beneficiaryReference: reference === '' ? null : reference,
        updatedAt: now,
      });
    }
    // Flagged in the insert itself: no second write of thousands of rows.
    const flags = await flagsFor(
      { id: input.id, currency: input.kind.currency },
      items.map((item) => ({
        row: item.row,
        accountFingerprint: item.accountFingerprint ?? null,
        amount: item.amount ?? null,
        excluded: false,
      })),
    );
    for (const item of items) item.warnings = flags.get(item.row) ?? [];
    const invalid = items.filter((r) => r.state === 'invalid').length;
    const inserted = await repo.insert(
      {
        id: input.id,
        status: 'draft',
        fileName: input.fileName,
        fileSha256: input.fileSha256,
        country: input.kind.country,
        currency: input.kind.currency,
        payoutMethodType: input.kind.payoutMethodType,
        provider: input.kind.provider,
        columns: input.columns,
        rowCount: items.length,
        createdBy: input.user.id,
        createdAt: now,
        updatedAt: now,
        retryOf: input.retryOf,
      },
      items,
      [
        auditService.row(context, {
          action: input.retryOf ? 'batch.retry' : 'batch.upload',
          target: { type: 'batch', id: input.id },
          data: {
            file_name: input.fileName,
            rows: items.length,
            invalid_rows: invalid,
            provider: input.kind.provider,
            ...(input.retryOf ? { retry_of: input.retryOf } : {}),
          },
        }),
      ],
    );
    if (inserted.kind === 'file_taken') await refuseSameFile(input.fileSha256);
  }

  async function refuseSameFile(fileSha256: string): Promise<never> {
    const live = await repo.findLiveByFile(fileSha256);
    throw new AppError(
      'conflict',
      `This file was already uploaded${live ? ` (${live.fileName}, batch ${live.id.slice(0, 8)}, ${live.status.replace(/_/g, ' ')})` : ''}: open that batch, or cancel it to upload the file again.`,
      live ? { extensions: { batch_id: live.id } } : {},
    );
  }

  return {
    async upload(
      { user, corridor, payoutMethodType, provider, fileName, bytes, decimal = 'point' },
      context,
    ) {
      requireKnownCorridor(corridors, corridor);
      const kind: BatchKind = { ...corridor, payoutMethodType, provider };
      const model = await modelOf(providersService, kind, clock.now());
      const parsed = await parseBatchFileInSlices(bytes, model);
      // Amounts as the API writes them from here on: the rows are checked, stored, fixed in
      // place and sent with `1234.50`, whatever the spreadsheet's locale wrote.
      const rows = parsed.rows.map((row) =>
        row.amount === undefined
          ? row
          : { ...row, amount: normalizeBatchAmount(row.amount, decimal) },
      );
      const fileSha256 = sha256(bytes);
      if (await repo.findLiveByFile(fileSha256)) await refuseSameFile(fileSha256);
      const id = randomUUID();
      const verdicts = await validateRows(
        { repo, corridors },
        model,
        id,
        rows,
        rows.map((_, i) => i + 1),
      );
      await storeDraft(
        {
          id,
          user,
          kind,
          fileName,
          fileSha256,
          columns: model.columns.map((c) => c.name),
          rows,
          retryOf: null,
        },
        context,
        verdicts,
        (cells) => maskCells(model, cells),
      );
      return id;
    },

    async fixRow({ user, id, row, cells }, context) {
      const batch = await draftOr409(repo, id);
      const onBehalf = ownerOr403(batch, user);
      const item = await repo.row(id, row);
      if (!item) throw new AppError('not_found', `This batch has no row ${row}.`);
      const model = await modelOf(providersService, batch, clock.now());
      const known = new Set(model.columns.map((c) => c.name));
      const unknown = Object.keys(cells).filter((name) => !known.has(name));
      if (unknown.length > 0) {
        throw new AppError('validation_failed', 'Some columns are not in this batch.', {
          errors: unknown.map((name) => ({
            pointer: `/cells/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
            message: 'Not a column of this batch',
          })),
        });
      }
      const current = openCells(sealedBox, id, row, item.cellsSealed);
      if (!current) {
        throw new AppError(
          'conflict',
          'This row can no longer be read (its key was rotated away): upload the file again.',
        );
      }
      const next: BatchRowCells = { ...current, ...cells };
      // An order id used on another row of this file is a duplicate here too.
      const orderId = (next.order_id ?? '').trim();
      const others = new Set<string>();
      if (orderId !== '') {
        const all = await repo.allRows(id);
        for (const other of all) {
          if (other.row !== row && other.orderId === orderId) others.add(orderId);
        }
      }
      const [verdict] = await validateRows({ repo, corridors }, model, id, [next], [row], others);
      const errors = verdict?.errors ?? [];
      const reference = (next.beneficiary_reference ?? '').trim();
      const maskedBefore = maskCells(model, current);
      const maskedAfter = maskCells(model, next);
      // Someone else's change is kept, masked, for the uploader to see before submitting.
      const changedCells = Object.keys(cells)
        .filter((column) => maskedBefore[column] !== maskedAfter[column])
        .map((column) => ({
          column,
          from: maskedBefore[column] ?? '',
          to: maskedAfter[column] ?? '',
        }));
      const othersChange =
        batch.createdBy !== user.id && changedCells.length > 0
          ? { by: user.id, at: clock.now().toISOString(), row, cells: changedCells }
          : undefined;
      await repo.updateRows(
        id,
        [
          {
            row,
            patch: {
              state: errors.length > 0 ? 'invalid' : 'valid',
              cellsSealed: sealCells(sealedBox, id, row, next),
              cellsMasked: maskedAfter,
              errors,
              accountFingerprint: (await fingerprintsOf(batch, [next]))[0] ?? null,
              orderId: orderId === '' ? null : orderId,
              amount: amountOf(next),
              beneficiaryReference: reference === '' ? null : reference,
              updatedAt: clock.now(),
            },
          },
        ],
        [
          auditService.row(context, {
            action: 'batch.fix_row',
            target: { type: 'batch', id },
            // The columns fixed, never their values.
            data: { row, columns: Object.keys(cells), valid: errors.length === 0, ...onBehalf },
          }),
        ],
        othersChange,
      );
      await refreshDuplicateFlags(batch);
    },

    async validate({ user, id, excludeInvalid }, context) {
      const batch = await draftOr409(repo, id);
      const onBehalf = ownerOr403(batch, user);
      // One validation of a batch at a time, in any process: a second waits for the first.
      const started = clock.now();
      if (
        !(await repo.claimValidation(
          id,
          started,
          new Date(started.getTime() + VALIDATION_LEASE_MS),
        ))
      ) {
        throw new AppError('conflict', 'This batch is being validated: wait for it to finish.');
      }
      try {
        await validateDraft(batch, excludeInvalid, onBehalf, context);
      } finally {
        await repo.releaseValidation(id);
      }
    },

    async retry({ user, id, provider }, context) {
      const source = await repo.findById(id);
      if (!source) throw new AppError('not_found', 'No such batch.');
      if (provider === source.provider) {
        throw new AppError('validation_failed', 'Choose another PSP than the one that failed.', {
          errors: [{ pointer: '/provider', message: 'The same PSP as the batch' }],
        });
      }
      const rows = (await repo.allRows(id)).filter(
        (r) =>
          (r.payoutStatus !== null &&
            (FAILED_PAYOUT_STATUSES as readonly string[]).includes(r.payoutStatus)) ||
          (r.payoutStatus === null && r.state === 'invalid' && source.status !== 'draft'),
      );
      if (rows.length === 0) {
        throw new AppError('conflict', 'This batch has no failed rows to retry.');
      }
      const kind: BatchKind = { ...source, provider };
      const model = await modelOf(providersService, kind, clock.now());
      const names = new Set(model.columns.map((c) => c.name));
      const newId = randomUUID();
      // The PSP section is the new PSP's: the columns both have carry over, the rest is asked
      // for again; the order id is new (a declined payout keeps its own).
      const cells: BatchRowCells[] = rows.map((r) => {
        const old = openCells(sealedBox, id, r.row, r.cellsSealed) ?? {};
        const next: Record<string, string> = {};
        for (const [name, value] of Object.entries(old)) {
          if (names.has(name) && name !== 'order_id') next[name] = value;
        }
        return next;
      });
      const verdicts = await validateRows(
        { repo, corridors },
        model,
        newId,
        cells,
        cells.map((_, i) => i + 1),
      );
      await storeDraft(
        {
          id: newId,
          user,
          kind,
          fileName: `${source.fileName} (retry via ${provider})`,
          fileSha256: sha256(`retry:${id}:${newId}`),
          columns: model.columns.map((c) => c.name),
          rows: cells,
          retryOf: id,
        },
        context,
        verdicts,
        (c) => maskCells(model, c),
      );
      return newId;
    },
  };
}
