/**
 * Every row of a batch file -> the payout the wizard would send, checked with the same validator
 * (`createPayoutValidator`), plus what only a file can get wrong: an order id used twice in the
 * file (or already in the ledger), an unknown saved beneficiary or one combined with recipient
 * details, a corridor that is not configured. Every bad cell is reported, not just the first.
 * A pure function of (rows, context): the browser's preview and the BFF run the same code.
 */
import { validateAmount } from '../money.js';
import { createPayoutValidator, type PayoutValidator } from '../validatePayout.js';
import type {
  Corridor,
  FieldError,
  PayoutMetadataValue,
  PayoutMethodType,
  PayoutRequest,
} from '../types.js';
import type { BatchRowCells } from './batchCsv.js';
import type { BatchColumn, BatchFileModel } from './batchFileModel.js';

/** Each model's payout validator, compiled (ajv) on its first rows and kept with the model. */
const validators = new WeakMap<BatchFileModel, PayoutValidator>();

function validatorOf(model: BatchFileModel): PayoutValidator {
  let validator = validators.get(model);
  if (!validator) {
    validator = createPayoutValidator(model.form);
    validators.set(model, validator);
  }
  return validator;
}

/**
 * Compiles the model's payout validator now (about 60 ms for a PSP's form), so a caller that
 * validates in parts can let other work run between the compile and the first part.
 */
export function prepareBatchValidation(model: BatchFileModel): void {
  validatorOf(model);
}

/** One problem: the data row (1-based, the header is not counted) and the column it is in. */
export interface BatchCellError {
  row: number;
  /** The column's name; null for a problem with the row as a whole. */
  column: string | null;
  message: string;
}

/** What the caller knows about a saved beneficiary. */
export interface BatchBeneficiary {
  reference: string;
  country: string;
  currency: string;
  payout_method_type: PayoutMethodType;
  provider: string;
  /** Its details, when the caller has them unsealed; then they are validated too. */
  metadata?: Record<string, PayoutMetadataValue>;
}

export interface BatchValidationContext {
  model: BatchFileModel;
  /** The corridors the merchant pays out in. */
  corridors: readonly Corridor[];
  /** Saved beneficiaries by reference. */
  beneficiaries?: ReadonlyMap<string, BatchBeneficiary>;
  /** Order ids the ledger already holds. */
  existingOrderIds?: ReadonlySet<string>;
  /**
   * For a file validated a part at a time: the data row number of `rows[0]` (default 1), and
   * the first row of each order id met in the earlier parts, which this call adds to.
   */
  firstRow?: number;
  firstRowOfOrderId?: Map<string, number>;
}

/** A valid row, ready to become a payout. */
export interface BatchRowPayout {
  row: number;
  /** Null: to be generated when the batch is submitted. */
  order_id: string | null;
  beneficiary_reference: string | null;
  /** The payout as validated; `metadata` is null when it comes from the saved beneficiary. */
  payout: Omit<PayoutRequest, 'order_id' | 'metadata'> & {
    metadata: PayoutRequest['metadata'] | null;
  };
}

export interface BatchValidation {
  /** Problems with the file as a whole (e.g. its corridor); no row is valid then. */
  fileErrors: string[];
  /** Every bad cell, by row then column order. */
  errors: BatchCellError[];
  /** The rows without errors, in file order. */
  payouts: BatchRowPayout[];
  /** Data rows with at least one error, ascending. */
  invalidRows: number[];
}

const INTEGER_CELL = /^[+-]?\d+$/;
const NUMBER_CELL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A cell as the field's value: whole numbers and numbers for numeric fields (what the wizard's
 * number inputs give), the text as written otherwise; validation refuses what does not fit.
 */
export function batchCellValue(column: BatchColumn, cell: string): PayoutMetadataValue | undefined {
  const schema = column.field?.schema;
  if (cell.trim() === '') {
    // A required field that takes an empty value (a card token next to a card number) gets it;
    // otherwise a blank cell is a field left out, which validation reports when it is required.
    const takesEmpty =
      column.field?.required === true &&
      schema?.type === 'string' &&
      (schema.minLength ?? 0) === 0 &&
      schema.pattern === undefined &&
      schema.format === undefined &&
      schema.oneOf === undefined;
    return takesEmpty ? '' : undefined;
  }
  const type = schema?.type;
  const trimmed = cell.trim();
  if (type === 'integer' && INTEGER_CELL.test(trimmed)) return Number(trimmed);
  if (type === 'number' && NUMBER_CELL.test(trimmed)) return Number(trimmed);
  return cell;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

const PLACEHOLDER_ORDER_ID = 'BATCH-ROW';

/** Validates every row; see the module comment. */
export function validateBatchRows(
  rows: readonly BatchRowCells[],
  context: BatchValidationContext,
): BatchValidation {
  const { model } = context;
  const { corridor } = model;
  const configured = context.corridors.some(
    (c) => c.country === corridor.country && c.currency === corridor.currency,
  );
  if (!configured) {
    return {
      fileErrors: [
        `Payouts to ${corridor.country} in ${corridor.currency} are not configured: ask an admin to add the corridor.`,
      ],
      errors: [],
      payouts: [],
      invalidRows: rows.map((_, i) => i + (context.firstRow ?? 1)),
    };
  }
  const columnOrder = new Map(model.columns.map((c, i) => [c.name, i]));
  const fieldColumns = model.columns.filter((c) => c.kind === 'field');
  const columnByField = new Map(fieldColumns.map((c) => [c.field?.name ?? c.name, c.name]));
  const cell = (row: BatchRowCells, name: string): string =>
    Object.hasOwn(row, name) ? (row[name] ?? '') : '';

  const errors: BatchCellError[] = [];
  const candidates: BatchRowPayout[] = [];
  const firstRowOfOrderId = context.firstRowOfOrderId ?? new Map<string, number>();
  const firstRow = context.firstRow ?? 1;

  rows.forEach((cells, index) => {
    const row = index + firstRow;
    const rowErrors: BatchCellError[] = [];
    const orderId = cell(cells, 'order_id').trim();
    const amount = cell(cells, 'amount');
    const stateCell = cell(cells, 'state').trim();
    const reference = cell(cells, 'beneficiary_reference').trim();

    if (orderId !== '') {
      const first = firstRowOfOrderId.get(orderId);
      if (first !== undefined) {
        rowErrors.push({
          row,
          column: 'order_id',
          message: `Order ID ${orderId} is already used on row ${first} of this file.`,
        });
      } else {
        firstRowOfOrderId.set(orderId, row);
        if (context.existingOrderIds?.has(orderId)) {
          rowErrors.push({
            row,
            column: 'order_id',
            message: `Order ID ${orderId} is already used by another payout.`,
          });
        }
      }
    }

    let metadata: Record<string, PayoutMetadataValue> | null = {};
    let checkMetadata = true;
    if (reference !== '') {
      for (const column of fieldColumns) {
        if (cell(cells, column.name).trim() !== '') {
          rowErrors.push({
            row,
            column: column.name,
            message: `Leave ${column.title} blank: the row pays the saved beneficiary ${reference}.`,
          });
        }
      }
      const beneficiary = context.beneficiaries?.get(reference);
      if (!beneficiary) {
        rowErrors.push({
          row,
          column: 'beneficiary_reference',
          message: `No saved beneficiary has the reference ${reference}.`,
        });
      } else if (
        beneficiary.country !== corridor.country ||
        beneficiary.currency !== corridor.currency ||
        beneficiary.payout_method_type !== model.payout_method_type ||
        beneficiary.provider !== model.provider.name
      ) {
        rowErrors.push({
          row,
          column: 'beneficiary_reference',
          message: `The saved beneficiary ${reference} is paid in ${beneficiary.country} / ${beneficiary.currency} through ${beneficiary.provider}, not through this file's ${corridor.country} / ${corridor.currency} and ${model.provider.name}.`,
        });
      }
      metadata = beneficiary?.metadata ?? null;
      checkMetadata = metadata !== null;
    } else {
      for (const column of fieldColumns) {
        const value = batchCellValue(column, cell(cells, column.name));
        if (value !== undefined && column.field) metadata[column.field.name] = value;
      }
    }

    const input = {
      order_id: orderId === '' ? PLACEHOLDER_ORDER_ID : orderId,
      provider: model.provider.name,
      country: corridor.country,
      currency: corridor.currency,
      state: stateCell === '' ? null : stateCell,
      amount,
      payout_method_type: model.payout_method_type,
      metadata: metadata ?? {},
    };
    const result = validatorOf(model)(input);
    if (!result.ok) {
      for (const error of result.errors) {
        const inMetadata = error.pointer.startsWith('/metadata');
        if (reference !== '' && inMetadata) {
          // The saved details, not a cell, are at fault (the PSP's form changed since).
          if (checkMetadata) {
            rowErrors.push({
              row,
              column: 'beneficiary_reference',
              message: `The saved beneficiary ${reference}'s details no longer fit ${model.section.provider.title}'s form: ${error.message}`,
            });
          }
          continue;
        }
        rowErrors.push(toCellError(row, error, columnByField, amount, corridor.currency));
      }
    }
    if (rowErrors.length > 0) {
      errors.push(...dedupe(rowErrors));
      return;
    }
    // Without the beneficiary's details only the metadata could have failed, and it was skipped.
    const {
      order_id: _placeholder,
      metadata: validated,
      ...rest
    } = result.ok ? result.value : { ...input, amount: amount.trim() };
    candidates.push({
      row,
      order_id: orderId === '' ? null : orderId,
      beneficiary_reference: reference === '' ? null : reference,
      payout: { ...rest, metadata: reference === '' ? validated : null },
    });
  });

  errors.sort(
    (a, b) =>
      a.row - b.row ||
      (a.column === null ? -1 : (columnOrder.get(a.column) ?? 999)) -
        (b.column === null ? -1 : (columnOrder.get(b.column) ?? 999)),
  );
  const invalidRows = [...new Set(errors.map((e) => e.row))];
  return { fileErrors: [], errors, payouts: candidates, invalidRows };
}

function dedupe(errors: BatchCellError[]): BatchCellError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = JSON.stringify([e.column, e.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toCellError(
  row: number,
  error: FieldError,
  columnByField: ReadonlyMap<string, string>,
  amount: string,
  currency: string,
): BatchCellError {
  const [, top = '', field] = error.pointer.split('/');
  if (top === 'order_id' || top === 'state') return { row, column: top, message: error.message };
  if (top === 'amount') {
    // validateAmount names the problem (too many decimals for the currency, too large, zero).
    const check = validateAmount(amount.trim(), currency);
    return { row, column: 'amount', message: check.ok ? error.message : check.message };
  }
  if (top === 'metadata' && field !== undefined) {
    const column = columnByField.get(unescapePointer(field));
    if (column !== undefined) return { row, column, message: error.message };
  }
  return { row, column: null, message: error.message };
}
