/**
 * Fills a migrated database with a large merchant's ledger. The rows are made here, from a seeded
 * generator (the same ledger every run), on a worker thread, and streamed with
 * `COPY ... FROM STDIN (FORMAT binary, FREEZE)` on one session: the server only stores them.
 * `INSERT ... SELECT ... FROM generate_series` with the same expressions in SQL spent about 20 µs
 * of the server's CPU a row on them (md5, jsonb, numeric powers, random UUIDs); COPY's text
 * format still spent about a third of its time parsing dates, UUIDs and numbers, and without
 * FREEZE every page was written again (hint bits) and vacuumed. A million rows: 6.6 s on one
 * session, against 10.4 s in text on two and about 19 s in SQL.
 */
import { on } from 'node:events';
import { Worker } from 'node:worker_threads';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { PayoutWorkerReply, PayoutWorkerRequest } from './payoutWorker.js';
import { COMBOS, DOMAINS, FIRST_NAMES, LAST_NAMES, STATUSES } from './ledgerData.js';

/** The same calls run on PGlite and node-postgres: one statement, or one COPY of text rows. */
export interface SqlRunner {
  exec(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  /** `COPY table (columns) FROM STDIN (FORMAT binary)`, fed with `chunks` of one such stream. */
  copyFrom(
    table: string,
    columns: readonly string[],
    chunks: AsyncIterable<Uint8Array<ArrayBuffer>> | Iterable<Uint8Array<ArrayBuffer>>,
    options?: { freeze?: boolean },
  ): Promise<void>;
}

/** Bumped when the generated data changes shape: an older bench database is regenerated. */
export const GENERATOR_VERSION = 'ledger-v6';
export const BENCH_USER_COUNT = 12;
const BATCH = 100_000;
/** Lines per chunk handed to the COPY stream. */
const CHUNK = 1_000;

/** The first payout's creation time; the rows cover the following 365 days evenly. */
export const LEDGER_START = '2025-11-21T00:00:00Z';
const LEDGER_SPAN_SECONDS = 365 * 86_400;

/** Slot (0..99) to combination: the weights laid out as in the 100 slots. */
const SLOTS = COMBOS.flatMap((combo) => Array.from({ length: combo[4] }, () => combo));

/** The columns each row fills, in its order; the others take their defaults. */
export const PAYOUT_COLUMNS = [
  'id',
  'order_id',
  'provider',
  'country',
  'currency',
  'state',
  'amount',
  'payout_method_type',
  'metadata',
  'recipient_name',
  'recipient_email',
  'account_last4',
  'status',
  'orchestrator_status_raw',
  'orchestrator_id',
  'psp_transaction_id',
  'decline_code',
  'decline_reason',
  'failure_reason',
  'created_by',
  'created_at',
  'updated_at',
  'is_test',
  'submission',
  'approval_threshold',
  'approved_by',
  'approved_at',
  'rejected_by',
  'rejected_at',
  'rejection_reason',
  'unknown_since',
  'next_check_at',
] as const;

export const BENCH_USERS_SQL = `
INSERT INTO users (email, name, role, password_hash, created_at, updated_at)
SELECT 'bench-' || r.role || '-' || i || '@example.com', 'Bench ' || initcap(r.role) || ' ' || i,
       r.role, 'bench$no-sign-in', timestamptz '${LEDGER_START}', timestamptz '${LEDGER_START}'
FROM generate_series(1, ${BENCH_USER_COUNT}) AS i
CROSS JOIN LATERAL (SELECT CASE WHEN i % 4 = 0 THEN 'admin' ELSE 'finance' END AS role) AS r
ON CONFLICT (email) DO NOTHING`;

const HOUR_MS = 3_600_000;
const SENT = new Set(['pending', 'in_process', 'authorized', 'approved', 'declined']);
const OPEN = new Set(['submitting', 'unknown', 'pending', 'in_process', 'authorized']);
const US_STATES = ['CA', 'NY', 'TX', 'FL', 'WA'];
const DECLINES = [
  ['05', 'Do not honour'],
  ['51', 'Insufficient funds'],
  ['54', 'Expired card'],
  ['61', 'Limit exceeded'],
] as const;

/** Payout `n`'s four 32-bit words: murmur3's finaliser of `n`, each a bijection of `n`. */
function digestWords(n: number, out: Uint32Array): void {
  for (let word = 0; word < 4; word += 1) {
    let h = (n + Math.imul(word + 1, 0x9e3779b9)) | 0;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    out[word] = h;
  }
}

/**
 * Payout `n`'s 32 hex digits, from which its ids are cut: its four digest words (so every word,
 * and every id, is unique), at a twentieth of an md5's cost (md5 was a third of making a row).
 */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function hexOf(words: Uint32Array): string {
  let out = '';
  for (const h of words) {
    out += HEX[h >>> 24]! + HEX[(h >>> 16) & 0xff]! + HEX[(h >>> 8) & 0xff]! + HEX[h & 0xff]!;
  }
  return out;
}

export function digestOf(n: number): string {
  const words = new Uint32Array(4);
  digestWords(n, words);
  return hexOf(words);
}

/** The order id of payout `n` (the bench searches for some). */
export function orderIdOf(n: number, digest = digestOf(n)): string {
  return `ORD-${digest.slice(0, 8).toUpperCase()}-${n}`;
}

function statusOf(random: number): string {
  let cumulative = 0;
  for (const [status, share] of STATUSES) {
    cumulative += share;
    if (random < cumulative) return status;
  }
  return 'approved';
}

/** PostgreSQL's epoch (2000-01-01 UTC) in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;
/** `COPY ... (FORMAT binary)`'s signature, flags and header extension length. */
const BINARY_HEADER = Buffer.from([
  ...Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
  ...[0, 0, 0, 0, 0, 0, 0, 0],
]);
/** Room kept free for the next row (the longest is under 1.5 kB). */
const ROW_ROOM = 4_096;

/**
 * Writes rows in `COPY ... (FORMAT binary)`: each value as PostgreSQL's send function would,
 * so the server only copies them (no parsing of dates, UUIDs and numbers from text, about a third
 * of its COPY time in text).
 */
class BinaryRows {
  private buffer = Buffer.allocUnsafe(0);
  private at = 0;

  start(capacity: number): void {
    this.buffer = Buffer.allocUnsafe(capacity);
    this.at = 0;
  }
  /** The bytes written since `start`. */
  take(): Uint8Array<ArrayBuffer> {
    return this.buffer.subarray(0, this.at);
  }
  get room(): number {
    return this.buffer.length - this.at;
  }
  header(): void {
    this.at += BINARY_HEADER.copy(this.buffer, this.at);
  }
  int16(value: number): void {
    this.at = this.buffer.writeInt16BE(value, this.at);
  }
  null(): void {
    this.at = this.buffer.writeInt32BE(-1, this.at);
  }
  text(value: string): void {
    const length = this.buffer.write(value, this.at + 4, 'utf8');
    this.buffer.writeInt32BE(length, this.at);
    this.at += 4 + length;
  }
  textOrNull(value: string | null): void {
    if (value === null) this.null();
    else this.text(value);
  }
  /** jsonb's send format: a version byte (1), then the document's text. */
  jsonb(value: string): void {
    const length = this.buffer.write(value, this.at + 5, 'utf8');
    this.buffer.writeInt32BE(length + 1, this.at);
    this.buffer[this.at + 4] = 1;
    this.at += 5 + length;
  }
  bool(value: boolean): void {
    this.at = this.buffer.writeInt32BE(1, this.at);
    this.buffer[this.at++] = value ? 1 : 0;
  }
  uuid(bytes: Uint8Array): void {
    this.at = this.buffer.writeInt32BE(16, this.at);
    this.buffer.set(bytes, this.at);
    this.at += 16;
  }
  /** A timestamptz from Unix milliseconds, to the millisecond: microseconds since 2000, int64. */
  timestamp(ms: number): void {
    const micros = (Math.floor(ms) - PG_EPOCH_MS) * 1000;
    const high = Math.floor(micros / TWO_32);
    this.at = this.buffer.writeInt32BE(8, this.at);
    this.at = this.buffer.writeInt32BE(high, this.at);
    this.at = this.buffer.writeUInt32BE(micros - high * TWO_32, this.at);
  }
  timestampOrNull(ms: number | null): void {
    if (ms === null) this.null();
    else this.timestamp(ms);
  }
  /**
   * A numeric from a plain non-negative decimal string ("1234.56", "0.00012345", "5000"): base
   * 10,000 digits around the decimal point, the weight of the first non-zero one, and the scale.
   */
  numeric(value: string): void {
    const dot = value.indexOf('.');
    const whole = dot < 0 ? value : value.slice(0, dot);
    const fraction = dot < 0 ? '' : value.slice(dot + 1);
    const digits: number[] = [];
    for (let end = whole.length % 4 || 4, begin = 0; begin < whole.length; begin = end, end += 4) {
      digits.push(Number(whole.slice(begin, end)));
    }
    let weight = digits.length - 1;
    for (let begin = 0; begin < fraction.length; begin += 4) {
      digits.push(Number(fraction.slice(begin, begin + 4).padEnd(4, '0')));
    }
    let first = 0;
    while (first < digits.length && digits[first] === 0) first += 1;
    let last = digits.length;
    while (last > first && digits[last - 1] === 0) last -= 1;
    weight = last === first ? 0 : weight - first;
    this.at = this.buffer.writeInt32BE(8 + 2 * (last - first), this.at);
    this.at = this.buffer.writeInt16BE(last - first, this.at);
    this.at = this.buffer.writeInt16BE(weight, this.at);
    this.at = this.buffer.writeUInt16BE(0, this.at);
    this.at = this.buffer.writeInt16BE(fraction.length, this.at);
    for (let i = first; i < last; i += 1) this.at = this.buffer.writeInt16BE(digits[i]!, this.at);
  }
}

/** A UUID's 16 bytes from its text. */
function uuidBytes(text: string): Uint8Array {
  return Buffer.from(text.replace(/-/g, ''), 'hex');
}

/**
 * The rows of payouts number `lo..hi` out of `rows` as one `COPY ... (FORMAT binary)` stream,
 * `CHUNK` rows a buffer. Whatever `rows` is, they cover the same year (a million is one every
 * 31.536 s, ten million one every 3.15 s), as a bigger merchant's year would. Each batch has its
 * own seed (its first number), so the ledger is the same whichever order the batches run in.
 */
export function* payoutRows(
  lo: number,
  hi: number,
  rows: number,
  creators: readonly string[],
): Generator<Uint8Array<ArrayBuffer>> {
  const stepMs = (LEDGER_SPAN_SECONDS * 1000) / rows;
  // Up to 95 % of a step late, so rows stay in creation order by n (30 s at a million).
  const jitterMs = (stepMs * 30) / 31.536;
  const startMs = Date.parse(LEDGER_START);
  const rng = xoroshiro128plus(lo);
  // 32 random bits are plenty for these choices, at half the cost of uniformFloat64's 53.
  const random = () => (rng.next() >>> 0) / 4_294_967_296;
  const creatorIds = creators.map(uuidBytes);
  const words = new Uint32Array(4);
  const id = new Uint8Array(16);
  const out = new BinaryRows();
  out.start(CHUNK * 1_600);
  out.header();
  for (let n = lo; n <= hi; n += 1) {
    const [provider, country, currency, method] = SLOTS[Math.floor(random() * SLOTS.length)]!;
    const status = statusOf(random());
    const rAmount = random();
    const user = Math.floor(random() * BENCH_USER_COUNT);
    const isTest = random() < 0.01;
    const first = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]!;
    const last = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]!;
    const domain = DOMAINS[Math.floor(random() * DOMAINS.length)]!;
    const rJitter = random();
    const created = startMs + (n - 1) * stepMs + rJitter * jitterMs;
    const updated = created + rJitter * 2 * HOUR_MS;
    // One digest a row: the id, the order id and the other ids are cut from it.
    digestWords(n, words);
    const h = hexOf(words);
    const email = `${first}.${last}${n % 97}`.toLowerCase() + `@${domain}`;
    const name = `${first} ${last}`;
    const amount =
      method === 'crypto'
        ? (10 ** (-3 + rAmount * 3.5)).toFixed(8)
        : currency === 'JPY'
          ? (10 ** (3 + rAmount * 3.7)).toFixed(0)
          : (10 ** (1 + rAmount * 3.7)).toFixed(2);
    const last4 = String(n % 10_000).padStart(4, '0');
    // The metadata document written out directly: every value comes from the fixed lists above
    // (letters, digits, `*`, `.`, `@`), nothing to escape, and JSON.stringify of an object a row
    // cost more than the rest of the row.
    const metadata =
      method === 'credit_card'
        ? `{"creditCardNumber":"411111******${last4}","cardHolderName":"${name.toUpperCase()}","expiryMonth":${1 + (n % 12)},"expiryYear":${2027 + (n % 4)},"customerFirstName":"${first}","customerLastName":"${last}","email":"${email}"}`
        : method === 'bank_account'
          ? `{"bankName":"Bank ${last}","bankCode":"BANK${country}2X","bankAccountNumber":"${country}**************${last4}","bankAccountName":"${name}","email":"${email}"}`
          : `{"walletAddress":"bc1q${h.slice(2, 32)}","customerFirstName":"${first}","customerLastName":"${last}","email":"${email}"}`;
    const decline = DECLINES[n % 4]!;
    const declined = status === 'declined';
    const secondApprover = status === 'approved' && rAmount > 0.9;
    const otherUser = creatorIds[(user + 1) % BENCH_USER_COUNT]!;
    // A version 4 UUID's layout (version nibble 4, variant 8), as gen_random_uuid() makes.
    for (let word = 0; word < 4; word += 1) {
      const w = words[word]!;
      id[word * 4] = w >>> 24;
      id[word * 4 + 1] = (w >>> 16) & 0xff;
      id[word * 4 + 2] = (w >>> 8) & 0xff;
      id[word * 4 + 3] = w & 0xff;
    }
    id[6] = 0x40 | (id[6]! & 0x0f);
    id[8] = 0x80 | (id[8]! & 0x0f);

    out.int16(PAYOUT_COLUMNS.length);
    out.uuid(id);
    out.text(orderIdOf(n, h));
    out.text(provider);
    out.text(country);
    out.text(currency);
    out.textOrNull(country === 'US' ? US_STATES[n % 5]! : null);
    out.numeric(amount);
    out.text(method);
    out.jsonb(metadata);
    out.text(name);
    out.text(email);
    out.textOrNull(method === 'crypto' ? null : last4);
    out.text(status);
    out.textOrNull(SENT.has(status) ? status.toUpperCase() : null);
    out.textOrNull(SENT.has(status) || status === 'unknown' ? `po_${h.slice(8, 28)}` : null);
    out.textOrNull(status === 'approved' || declined ? `psp-${h.slice(16, 32)}` : null);
    out.textOrNull(declined ? decline[0] : null);
    out.textOrNull(declined ? decline[1] : null);
    out.textOrNull(status === 'failed' ? 'The orchestrator refused the payout.' : null);
    out.uuid(creatorIds[user]!);
    out.timestamp(created);
    out.timestamp(updated);
    out.bool(isTest);
    // Stands in for the sealed request (AES-GCM, base64) kept while it may still be sent.
    out.textOrNull(status === 'awaiting_approval' || status === 'unknown' ? h.repeat(12) : null);
    if (status === 'awaiting_approval' || status === 'rejected' || secondApprover) {
      out.numeric('5000');
    } else out.null();
    if (secondApprover) out.uuid(otherUser);
    else out.null();
    out.timestampOrNull(secondApprover ? created + HOUR_MS : null);
    if (status === 'rejected') out.uuid(otherUser);
    else out.null();
    out.timestampOrNull(status === 'rejected' ? created + HOUR_MS : null);
    out.textOrNull(status === 'rejected' ? 'Beneficiary not verified' : null);
    out.timestampOrNull(status === 'unknown' ? created + 5 * 60_000 : null);
    out.timestampOrNull(OPEN.has(status) ? updated + 5 * 60_000 : null);
    if (n === hi) out.int16(-1);
    if (out.room < ROW_ROOM || n === hi) {
      yield out.take();
      out.start(CHUNK * 1_600);
    }
  }
}

export interface GenerateOptions {
  rows: number;
  log: (line: string) => void;
}

/**
 * A worker thread running `payoutWorker.ts`. Node 20 does not run the parent's `--import`
 * (tsx's loader) in a worker, so the worker registers tsx itself before importing the module.
 */
function startPayoutWorker(): Worker {
  const module = new URL('./payoutWorker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(module)}); });`,
    { eval: true },
  );
}

/** Chunks a worker keeps made ahead of the COPY it feeds (each about 540 kB). */
const PREFETCH = 4;

/**
 * Payouts `lo..hi`'s COPY rows made by `worker`, `PREFETCH` chunks ahead: the worker makes the
 * next chunks while this thread hands the last ones to the server. A worker's error ends the
 * iteration with it (`events.on` rejects on `error`).
 */
async function* rowsFrom(
  worker: Worker,
  batch: Extract<PayoutWorkerRequest, { kind: 'batch' }>,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  const next: PayoutWorkerRequest = { kind: 'next' };
  const replies = on(worker, 'message') as AsyncIterableIterator<[PayoutWorkerReply]>;
  worker.postMessage(batch satisfies PayoutWorkerRequest);
  for (let i = 0; i < PREFETCH; i += 1) worker.postMessage(next);
  // Every request gets a reply, a null once the batch is done: wait for all of them, so the next
  // batch starts from a clean queue.
  let outstanding = PREFETCH;
  let done = false;
  for await (const [chunk] of replies) {
    outstanding -= 1;
    if (chunk === null) done = true;
    else {
      worker.postMessage(next);
      outstanding += 1;
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
    if (done && outstanding === 0) break;
  }
}

/**
 * Inserts the bench users and `rows` payouts on one session, a COPY a batch, in one transaction
 * that truncates payouts first, so every COPY is `FREEZE`: the rows are stored frozen and their
 * pages all-visible, and neither the index builds (hint bits) nor `VACUUM` write the table
 * again. The rows are made by a worker thread, on the other core while the server parses and
 * stores them. The caller migrated first and dropped the keys that reference payouts.
 */
export async function generateLedger(
  sql: SqlRunner,
  { rows, log }: GenerateOptions,
): Promise<void> {
  await sql.exec(BENCH_USERS_SQL);
  const creators = (
    await sql.exec("SELECT id FROM users WHERE email LIKE 'bench-%@example.com' ORDER BY email")
  ).map((row) => String(row.id));
  let lastLogged = 0;
  const started = performance.now();
  const thread = startPayoutWorker();
  try {
    await sql.exec('BEGIN');
    await sql.exec('TRUNCATE payouts');
    for (let lo = 1; lo <= rows; lo += BATCH) {
      const hi = Math.min(rows, lo + BATCH - 1);
      await sql.copyFrom(
        'payouts',
        PAYOUT_COLUMNS,
        rowsFrom(thread, { kind: 'batch', lo, hi, rows, creators }),
        { freeze: true },
      );
      // A line per tenth (at least every million), not per batch: 10M rows are 100 batches.
      if (hi - lastLogged >= Math.min(1_000_000, rows / 10) || hi === rows) {
        lastLogged = hi;
        log(
          `  payouts: ${hi.toLocaleString('en')} of ${rows.toLocaleString('en')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    }
    await sql.exec('COMMIT');
  } catch (error) {
    await sql.exec('ROLLBACK');
    throw error;
  } finally {
    await thread.terminate();
  }
}
