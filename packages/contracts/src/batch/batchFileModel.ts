/**
 * The columns of a batch payout file for one corridor + payout method type + PSP: four fixed
 * columns (`order_id`, `amount`, `state`, `beneficiary_reference`), then one column per field of
 * the PSP's section, the same fields (and titles, hints, rules) the payout wizard shows.
 * The browser (template download, preview) and the BFF (the parse that counts) share it.
 */
import { statesOf } from '../countries.js';
import type { ResolvedField } from '../fieldRules.js';
import { buildPayoutForm, type PayoutForm, type PayoutFormSection } from '../payoutForm.js';
import type { Corridor, PayoutMethodType, PayoutProvider } from '../types.js';

export const BATCH_FIXED_COLUMNS = [
  'order_id',
  'amount',
  'state',
  'beneficiary_reference',
] as const;
export type BatchFixedColumn = (typeof BATCH_FIXED_COLUMNS)[number];

export interface BatchColumn {
  /** The column's API name (`bankAccountNumber`): rows, problems and exports key cells by it. */
  name: string;
  kind: BatchFixedColumn | 'field';
  title: string;
  /**
   * What the template's header row writes: the title the wizard shows (the PSP's), unless
   * another column has the same title or a name equal to it, then the API name. A file's header
   * may name a column either way.
   */
  header: string;
  /** One sentence for the person filling the file. */
  hint: string;
  /**
   * Whether the header must name this column. Detail columns of required fields are required
   * unless the header has `beneficiary_reference` (rows may then use saved beneficiaries).
   */
  requiredInHeader: boolean;
  /** Whether a row must fill this cell (detail cells: unless the row names a beneficiary). */
  requiredInRow: boolean;
  /** The PSP field behind a detail column. */
  field?: ResolvedField;
}

export interface BatchFileModel {
  corridor: Corridor;
  payout_method_type: PayoutMethodType;
  provider: PayoutProvider;
  form: PayoutForm;
  section: PayoutFormSection;
  /** Fixed columns, then the PSP's fields in the order the PSP sent them. */
  columns: BatchColumn[];
  // No payout validator here: `validateBatchRows` compiles it (ajv) for the server. The browser
  // builds models for templates and headers only, its CSP forbids the `eval` ajv compiles with,
  // and a static import of ajv here put some 45 kB gzip into the new-batch page's bundle.
}

export interface BuildBatchFileModelOptions {
  /** Today (card expiry dates are checked against it). */
  now?: Date;
}

/**
 * The header a PSP field gets: its name, unless that is one of the fixed columns' names (a PSP
 * could call a field `state`), then `metadata.<name>`.
 */
export function batchFieldColumnName(fieldName: string): string {
  return (BATCH_FIXED_COLUMNS as readonly string[]).includes(fieldName)
    ? `metadata.${fieldName}`
    : fieldName;
}

function fieldHint(field: ResolvedField): string {
  const help = field.ui['ui:help'];
  const placeholder = field.ui['ui:placeholder'];
  const parts = [field.required ? 'Required' : 'Optional'];
  if (typeof help === 'string') parts.push(help);
  else if (typeof placeholder === 'string') parts.push(`e.g. ${placeholder}`);
  if (field.schema.oneOf) {
    const values = field.schema.oneOf.flatMap((o) =>
      typeof o === 'object' && (typeof o.const === 'string' || typeof o.const === 'number')
        ? [String(o.const)]
        : [],
    );
    if (values.length > 0) parts.push(`one of ${values.join(', ')}`);
  }
  return `${parts.join(': ')}.`.replace(/\.\.$/, '.');
}

/**
 * The file model of one (type, PSP) in a corridor, from the metadata endpoint's providers for
 * that corridor; undefined when the corridor does not offer that PSP for that type.
 */
export function buildBatchFileModel(
  providers: readonly PayoutProvider[],
  corridor: Corridor,
  type: PayoutMethodType,
  providerName: string,
  options: BuildBatchFileModelOptions = {},
): BatchFileModel | undefined {
  const provider = providers.find((p) => p.payout_method_type === type && p.name === providerName);
  if (!provider) return undefined;
  const form = buildPayoutForm(providers, corridor, options.now ? { now: options.now } : {});
  const section = form.section(type, providerName);
  if (!section) return undefined;
  const amountUi = form.uiSchema.amount as Record<string, unknown> | undefined;
  const amountHelp = amountUi?.['ui:help'];
  const states = statesOf(corridor.country);
  const columns: Omit<BatchColumn, 'header'>[] = [
    {
      name: 'order_id',
      kind: 'order_id',
      title: 'Order ID',
      hint: 'Optional: your reference for this payout (letters, digits and . _ : -, up to 64); generated when blank.',
      requiredInHeader: false,
      requiredInRow: false,
    },
    {
      name: 'amount',
      kind: 'amount',
      title: 'Amount',
      hint: `Required: ${typeof amountHelp === 'string' ? amountHelp : `in ${corridor.currency}.`}`,
      requiredInHeader: true,
      requiredInRow: true,
    },
    {
      name: 'state',
      kind: 'state',
      title: 'State',
      hint:
        states.length > 0
          ? `Required: the state's code, e.g. ${states[0]?.code ?? ''}.`
          : `Leave blank: no state is given for payouts to ${corridor.country}.`,
      requiredInHeader: states.length > 0,
      requiredInRow: states.length > 0,
    },
    {
      name: 'beneficiary_reference',
      kind: 'beneficiary_reference',
      title: 'Beneficiary reference',
      hint: "Optional: a saved beneficiary's reference; leave the recipient detail columns blank then.",
      requiredInHeader: false,
      requiredInRow: false,
    },
    ...section.fields.map((field): Omit<BatchColumn, 'header'> => ({
      name: batchFieldColumnName(field.name),
      kind: 'field',
      title: field.title,
      hint: fieldHint(field),
      requiredInHeader: field.required,
      requiredInRow: field.required,
      field,
    })),
  ];
  return {
    corridor: { country: corridor.country, currency: corridor.currency },
    payout_method_type: type,
    provider,
    form,
    section,
    columns: withHeaders(columns),
  };
}

/** A header cell as compared: spaces at either end dropped, inner runs as one, any case. */
function headerKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Each column's template header: its title where that names no other column (`header`). */
function withHeaders(columns: readonly Omit<BatchColumn, 'header'>[]): BatchColumn[] {
  const uses = new Map<string, number>();
  const count = (text: string) => uses.set(headerKey(text), (uses.get(headerKey(text)) ?? 0) + 1);
  for (const c of columns) {
    count(c.name);
    if (headerKey(c.title) !== headerKey(c.name)) count(c.title);
  }
  return columns.map((c) => ({
    ...c,
    header: c.title.trim() !== '' && uses.get(headerKey(c.title)) === 1 ? c.title : c.name,
  }));
}

export interface BatchHeaderCheck {
  /** For each header cell, the model column it names (undefined: unknown). */
  columns: (BatchColumn | undefined)[];
  /** Header cells that name no column, as written. */
  unknown: string[];
  /** Required columns the header does not name. */
  missing: string[];
  /** Columns named more than once. */
  duplicate: string[];
}

/**
 * Which model column each header cell names: its API name or its template header (the title),
 * exactly (spaces around it ignored), else the one column either matches ignoring case and
 * repeated spaces.
 */
export function checkBatchHeader(
  model: BatchFileModel,
  header: readonly string[],
): BatchHeaderCheck {
  const exact = new Map<string, BatchColumn>();
  const loose = new Map<string, BatchColumn | null>();
  for (const c of model.columns) {
    for (const text of new Set([c.name, c.header])) {
      exact.set(text, c);
      const key = headerKey(text);
      const known = loose.get(key);
      loose.set(key, known === undefined || known === c ? c : null);
    }
  }
  const columns = header.map(
    (cell) => exact.get(cell.trim()) ?? loose.get(headerKey(cell)) ?? undefined,
  );
  const unknown = header.filter((_, i) => columns[i] === undefined);
  const seen = new Set<string>();
  const duplicate: string[] = [];
  for (const c of columns) {
    if (!c) continue;
    if (seen.has(c.name) && !duplicate.includes(c.name)) duplicate.push(c.name);
    seen.add(c.name);
  }
  const usesReferences = seen.has('beneficiary_reference');
  const missing = model.columns
    .filter(
      (c) => c.requiredInHeader && !seen.has(c.name) && !(usesReferences && c.kind === 'field'),
    )
    .map((c) => c.name);
  return { columns, unknown, missing, duplicate };
}
