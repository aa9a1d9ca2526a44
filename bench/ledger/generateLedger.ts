/**
 * Fills a migrated database with a large merchant's ledger. The rows are made here, from a seeded
 * generator (the same ledger every run), and streamed with `COPY ... FROM STDIN` in text format:
 * the server only parses and stores them. `INSERT ... SELECT ... FROM generate_series` with the
 * same expressions in SQL spent about 20 µs of the server's CPU a row on them (md5, jsonb, numeric
 * powers, random UUIDs), most of the load; Node makes a row in about 5 µs, and the server's COPY
 * stores rows in batches. A million rows: 10.6 s instead of 13.3 s (the SQL with one digest a
 * row) and about 19 s before that, with two connections.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** The same calls run on PGlite and node-postgres: one statement, or one COPY of text rows. */
export interface SqlRunner {
  exec(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  /** `COPY table (columns) FROM STDIN` (text format), fed with `chunks` of whole lines. */
  copyFrom(table: string, columns: readonly string[], chunks: Iterable<string>): Promise<void>;
}

/** Bumped when the generated data changes shape: an older bench database is regenerated. */
export const GENERATOR_VERSION = 'ledger-v5';
export const BENCH_USER_COUNT = 12;
const BATCH = 100_000;
/** Lines per chunk handed to the COPY stream. */
const CHUNK = 1_000;

/** The first payout's creation time; the rows cover the following 365 days evenly. */
export const LEDGER_START = '2025-11-21T00:00:00Z';
const LEDGER_SPAN_SECONDS = 365 * 86_400;

/**
 * PSP x corridor x payout type, shaped on the sandbox's PSPs; the weight is how many of the
 * 100 slots a combination takes, so the big corridors dominate as in a real ledger.
 */
const COMBOS: Array<
  [provider: string, country: string, currency: string, method: string, weight: number]
> = [
  ['northwind_pay', 'DE', 'EUR', 'bank_account', 12],
  ['northwind_pay', 'FR', 'EUR', 'bank_account', 8],
  ['northwind_pay', 'BE', 'EUR', 'bank_account', 4],
  ['northwind_pay', 'GB', 'GBP', 'bank_account', 6],
  ['northwind_pay', 'DE', 'EUR', 'credit_card', 6],
  ['harbor_payments', 'US', 'USD', 'credit_card', 12],
  ['harbor_payments', 'CA', 'CAD', 'credit_card', 4],
  ['harbor_payments', 'GB', 'GBP', 'credit_card', 4],
  ['harbor_payments', 'AU', 'AUD', 'credit_card', 3],
  ['harbor_payments', 'US', 'USD', 'bank_account', 5],
  ['meridian_transfers', 'US', 'USD', 'bank_account', 9],
  ['meridian_transfers', 'JP', 'JPY', 'bank_account', 3],
  ['meridian_transfers', 'US', 'USD', 'credit_card', 4],
  ['lumen_cards', 'FR', 'EUR', 'credit_card', 5],
  ['lumen_cards', 'BE', 'EUR', 'credit_card', 2],
  ['atlas_remit', 'GB', 'GBP', 'bank_account', 4],
  ['coinbridge', 'DE', 'BTC', 'crypto', 2],
  ['coinbridge', 'DE', 'ETH', 'crypto', 1],
  ['coinbridge', 'GB', 'BTC', 'crypto', 1],
  ['saltmarsh_digital', 'DE', 'ETH', 'crypto', 1],
];

/** Cumulative thresholds over [0, 1): the shape of a ledger where most payouts went through. */
const STATUSES: Array<[status: string, share: number]> = [
  ['approved', 0.62],
  ['declined', 0.08],
  ['pending', 0.06],
  ['in_process', 0.05],
  ['authorized', 0.03],
  ['awaiting_approval', 0.05],
  ['rejected', 0.03],
  ['submitting', 0.01],
  ['failed', 0.05],
  ['unknown', 0.02],
];

const FIRST_NAMES = [
  'Anna',
  'Ben',
  'Chloe',
  'David',
  'Emma',
  'Felix',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kenji',
  'Lea',
  'Marco',
  'Nora',
  'Oscar',
  'Paula',
  'Quentin',
  'Rosa',
  'Samir',
  'Tara',
  'Ugo',
  'Vera',
  'William',
  'Xenia',
  'Yusuf',
  'Zoe',
  'Amelie',
  'Bruno',
  'Clara',
  'Diego',
  'Elif',
  'Finn',
];
const LAST_NAMES = [
  'Schmidt',
  'Martin',
  'Dubois',
  'Smith',
  'Johnson',
  'Tanaka',
  'Garcia',
  'Rossi',
  'Peeters',
  'Jansen',
  'Brown',
  'Wilson',
  'Taylor',
  'Muller',
  'Lefebvre',
  'Sato',
  'Kowalski',
  'Novak',
  'Andersen',
  'Costa',
  'Fischer',
  'Moreau',
  'Walker',
  'Young',
  'Nakamura',
  'Silva',
  'Weber',
  'Bernard',
  'Clarke',
  'Lambert',
  'Hughes',
  'Okafor',
];
const DOMAINS = ['example.com', 'mail.example', 'post.example', 'inbox.example'];

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

const NULL = '\\N';
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

const COPY_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

/** A value as COPY's text format reads it; only JSON could hold a backslash (none is made). */
function field(value: string): string {
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;
}

/**
 * Payout `n`'s 32 hex digits, from which its ids are cut: four words of murmur3's 32-bit
 * finaliser, each a bijection of `n` (so every word, and every id, is unique), at a twentieth of
 * an md5's cost (md5 was a third of making a row).
 */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

export function digestOf(n: number): string {
  let out = '';
  for (let word = 1; word <= 4; word += 1) {
    let h = (n + Math.imul(word, 0x9e3779b9)) | 0;
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    out += HEX[h >>> 24]! + HEX[(h >>> 16) & 0xff]! + HEX[(h >>> 8) & 0xff]! + HEX[h & 0xff]!;
  }
  return out;
}

/** The order id of payout `n` (the bench searches for some). */
export function orderIdOf(n: number, digest = digestOf(n)): string {
  return `ORD-${digest.slice(0, 8).toUpperCase()}-${n}`;
}

const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
let isoDay = Number.NaN;
let isoDayPrefix = '';

/**
 * `Date#toISOString()` for a row's timestamps at a tenth of its cost (it was the biggest part of
 * making a row): the date part is formatted once a day, the time of day from integers.
 */
function iso(ms: number): string {
  const whole = Math.floor(ms);
  const day = Math.floor(whole / DAY_MS);
  if (day !== isoDay) {
    isoDay = day;
    isoDayPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  let rest = whole - day * DAY_MS;
  const millis = rest % 1000;
  rest = (rest - millis) / 1000;
  const seconds = rest % 60;
  rest = (rest - seconds) / 60;
  return `${isoDayPrefix}${TWO_DIGITS[Math.floor(rest / 60)]}:${TWO_DIGITS[rest % 60]}:${TWO_DIGITS[seconds]}.${String(millis).padStart(3, '0')}Z`;
}

function statusOf(random: number): string {
  let cumulative = 0;
  for (const [status, share] of STATUSES) {
    cumulative += share;
    if (random < cumulative) return status;
  }
  return 'approved';
}

/**
 * The COPY lines of payouts number `lo..hi` out of `rows`, `CHUNK` lines a string. Whatever
 * `rows` is, they cover the same year (a million is one every 31.536 s, ten million one every
 * 3.15 s), as a bigger merchant's year would. Each batch has its own seed (its first number), so
 * the ledger is the same whichever order the batches run in.
 */
export function* payoutLines(
  lo: number,
  hi: number,
  rows: number,
  creators: readonly string[],
): Generator<string> {
  const stepMs = (LEDGER_SPAN_SECONDS * 1000) / rows;
  // Up to 95 % of a step late, so rows stay in creation order by n (30 s at a million).
  const jitterMs = (stepMs * 30) / 31.536;
  const startMs = Date.parse(LEDGER_START);
  const rng = xoroshiro128plus(lo);
  // 32 random bits are plenty for these choices, at half the cost of uniformFloat64's 53.
  const random = () => (rng.next() >>> 0) / 4_294_967_296;
  let lines: string[] = [];
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
    const h = digestOf(n);
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
    // cost more than the rest of the line.
    const metadata =
      method === 'credit_card'
        ? `{"creditCardNumber":"411111******${last4}","cardHolderName":"${name.toUpperCase()}","expiryMonth":${1 + (n % 12)},"expiryYear":${2027 + (n % 4)},"customerFirstName":"${first}","customerLastName":"${last}","email":"${email}"}`
        : method === 'bank_account'
          ? `{"bankName":"Bank ${last}","bankCode":"BANK${country}2X","bankAccountNumber":"${country}**************${last4}","bankAccountName":"${name}","email":"${email}"}`
          : `{"walletAddress":"bc1q${h.slice(2, 32)}","customerFirstName":"${first}","customerLastName":"${last}","email":"${email}"}`;
    const decline = DECLINES[n % 4]!;
    const declined = status === 'declined';
    const secondApprover = status === 'approved' && rAmount > 0.9;
    const otherUser = creators[(user + 1) % BENCH_USER_COUNT]!;
    lines.push(
      [
        // A version 4 UUID's layout (version nibble 4, variant 8), as gen_random_uuid() makes.
        `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`,
        orderIdOf(n, h),
        provider,
        country,
        currency,
        country === 'US' ? US_STATES[n % 5]! : NULL,
        amount,
        method,
        field(metadata),
        name,
        email,
        status,
        SENT.has(status) ? status.toUpperCase() : NULL,
        SENT.has(status) || status === 'unknown' ? `po_${h.slice(8, 28)}` : NULL,
        status === 'approved' || declined ? `psp-${h.slice(16, 32)}` : NULL,
        declined ? decline[0] : NULL,
        declined ? decline[1] : NULL,
        status === 'failed' ? 'The orchestrator refused the payout.' : NULL,
        creators[user]!,
        iso(created),
        iso(updated),
        isTest ? 't' : 'f',
        // Stands in for the sealed request (AES-GCM, base64) kept while it may still be sent.
        status === 'awaiting_approval' || status === 'unknown' ? h.repeat(12) : NULL,
        status === 'awaiting_approval' || status === 'rejected' || secondApprover ? '5000' : NULL,
        secondApprover ? otherUser : NULL,
        secondApprover ? iso(created + HOUR_MS) : NULL,
        status === 'rejected' ? otherUser : NULL,
        status === 'rejected' ? iso(created + HOUR_MS) : NULL,
        status === 'rejected' ? 'Beneficiary not verified' : NULL,
        status === 'unknown' ? iso(created + 5 * 60_000) : NULL,
        OPEN.has(status) ? iso(updated + 5 * 60_000) : NULL,
      ].join('\t'),
    );
    if (lines.length === CHUNK) {
      yield `${lines.join('\n')}\n`;
      lines = [];
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

export interface GenerateOptions {
  rows: number;
  log: (line: string) => void;
  /** Batches run at once (each its own COPY on its own connection); 1 on PGlite. */
  parallelism?: number;
}

/** Inserts the bench users and `rows` payouts, a COPY a batch; the caller migrated first. */
export async function generateLedger(
  db: SqlRunner,
  { rows, log, parallelism = 1 }: GenerateOptions,
): Promise<void> {
  await db.exec(BENCH_USERS_SQL);
  const creators = (
    await db.exec("SELECT id FROM users WHERE email LIKE 'bench-%@example.com' ORDER BY email")
  ).map((row) => String(row.id));
  let next = 1;
  let done = 0;
  let lastLogged = 0;
  const started = performance.now();
  const worker = async () => {
    while (next <= rows) {
      const lo = next;
      const hi = Math.min(rows, lo + BATCH - 1);
      next = hi + 1;
      await db.copyFrom('payouts', PAYOUT_COLUMNS, payoutLines(lo, hi, rows, creators));
      done += hi - lo + 1;
      // A line per tenth (at least every million), not per batch: 10M rows are 100 batches.
      if (done - lastLogged >= Math.min(1_000_000, rows / 10) || done === rows) {
        lastLogged = done;
        log(
          `  payouts: ${done.toLocaleString('en')} of ${rows.toLocaleString('en')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallelism) }, worker));
}
