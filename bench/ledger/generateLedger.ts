/**
 * Fills a migrated database with a large merchant's ledger, set-based (`INSERT ... SELECT ...
 * FROM generate_series`), so a million rows take minutes, not hours.
 */

/** The same SQL runs on PGlite and node-postgres: the handle only needs to run one statement. */
export interface SqlRunner {
  exec(sql: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
}

/** Bumped when the generated data changes shape: an older bench database is regenerated. */
export const GENERATOR_VERSION = 'ledger-v3';
export const BENCH_USER_COUNT = 12;
const BATCH = 100_000;

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

const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlArray = (items: string[]) => `ARRAY[${items.map(sqlText).join(',')}]::text[]`;

function combosValues(): string {
  const rows: string[] = [];
  let slot = 0;
  for (const [provider, country, currency, method, weight] of COMBOS) {
    for (let i = 0; i < weight; i += 1) {
      rows.push(
        `(${slot}, ${sqlText(provider)}, ${sqlText(country)}, ${sqlText(currency)}, ${sqlText(method)})`,
      );
      slot += 1;
    }
  }
  return rows.join(',\n      ');
}

function statusCase(random: string): string {
  let cumulative = 0;
  const branches = STATUSES.map(([status, share]) => {
    cumulative += share;
    return `WHEN ${random} < ${cumulative.toFixed(4)} THEN ${sqlText(status)}`;
  });
  return `CASE ${branches.join(' ')} ELSE 'approved' END`;
}

const COMBO_SLOTS = COMBOS.reduce((sum, c) => sum + c[4], 0);

export const BENCH_USERS_SQL = `
INSERT INTO users (email, name, role, password_hash, created_at, updated_at)
SELECT 'bench-' || r.role || '-' || i || '@example.com', 'Bench ' || initcap(r.role) || ' ' || i,
       r.role, 'bench$no-sign-in', timestamptz '${LEDGER_START}', timestamptz '${LEDGER_START}'
FROM generate_series(1, ${BENCH_USER_COUNT}) AS i
CROSS JOIN LATERAL (SELECT CASE WHEN i % 4 = 0 THEN 'admin' ELSE 'finance' END AS role) AS r
ON CONFLICT (email) DO NOTHING`;

/**
 * One batch of payouts numbered `$1..$2` out of `rows`. Every column is listed: columns the
 * schema adds later take their defaults. Whatever `rows` is, they cover the same year (a million
 * is one every 31.536 s, ten million one every 3.15 s), as a bigger merchant's year would.
 */
export function payoutsBatchSql(rows: number): string {
  const step = LEDGER_SPAN_SECONDS / rows;
  // Up to 95 % of a step late, so rows stay in creation order by n (30 s at a million).
  const jitter = (step * 30) / 31.536;
  return `
WITH combos(slot, provider, country, currency, method) AS (
  VALUES
      ${combosValues()}
),
creators AS (
  SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE 'bench-%@example.com'
),
g AS (
  SELECT n,
         floor(random() * ${COMBO_SLOTS})::int AS slot,
         random() AS r_status,
         random() AS r_amount,
         random() AS r_user,
         random() AS r_test,
         floor(random() * ${FIRST_NAMES.length})::int AS first_i,
         floor(random() * ${LAST_NAMES.length})::int AS last_i,
         floor(random() * ${DOMAINS.length})::int AS domain_i,
         random() AS r_jitter
  FROM generate_series($1::int, $2::int) AS n
),
named AS (
  SELECT g.*, c.provider, c.country, c.currency, c.method,
         ${statusCase('g.r_status')} AS status,
         (${sqlArray(FIRST_NAMES)})[g.first_i + 1] AS first_name,
         (${sqlArray(LAST_NAMES)})[g.last_i + 1] AS last_name,
         timestamptz '${LEDGER_START}'
           + (g.n - 1) * interval '${step} seconds' + g.r_jitter * interval '${jitter} seconds' AS created,
         -- One digest a row: the id, the order id, the orchestrator's and PSP's ids, the wallet
         -- and the sealed request are cut from it (md5 and gen_random_uuid() were a quarter of
         -- the load's CPU, called five times a row).
         md5(g.n::text) AS h
  FROM g JOIN combos c ON c.slot = g.slot
),
p AS (
  SELECT named.*,
         lower(first_name || '.' || last_name || (n % 97)) || '@'
           || (${sqlArray(DOMAINS)})[domain_i + 1] AS email
  FROM named
)
INSERT INTO payouts (
  id, order_id, provider, country, currency, state, amount, payout_method_type, metadata,
  recipient_name, recipient_email, status, orchestrator_status_raw, orchestrator_id,
  psp_transaction_id, decline_code, decline_reason, failure_reason, created_by, created_at,
  updated_at, is_test, submission, approval_threshold, approved_by, approved_at, rejected_by,
  rejected_at, rejection_reason, unknown_since, next_check_at
)
SELECT
  -- A version 4 UUID's layout (version nibble 4, variant 8), as gen_random_uuid() makes.
  overlay(overlay(p.h placing '4' from 13) placing '8' from 17)::uuid,
  'ORD-' || upper(substr(p.h, 1, 8)) || '-' || p.n,
  p.provider, p.country, p.currency,
  CASE WHEN p.country = 'US' THEN (ARRAY['CA','NY','TX','FL','WA'])[1 + p.n % 5] END,
  CASE
    WHEN p.method = 'crypto' THEN round((10 ^ (-3 + p.r_amount * 3.5))::numeric, 8)
    WHEN p.currency = 'JPY' THEN round((10 ^ (3 + p.r_amount * 3.7))::numeric, 0)
    ELSE round((10 ^ (1 + p.r_amount * 3.7))::numeric, 2)
  END,
  p.method,
  CASE p.method
    WHEN 'credit_card' THEN jsonb_build_object(
      'creditCardNumber', '411111******' || lpad((p.n % 10000)::text, 4, '0'),
      'cardHolderName', upper(p.first_name || ' ' || p.last_name),
      'expiryMonth', 1 + p.n % 12, 'expiryYear', 2027 + p.n % 4,
      'customerFirstName', p.first_name, 'customerLastName', p.last_name,
      'email', p.email)
    WHEN 'bank_account' THEN jsonb_build_object(
      'bankName', 'Bank ' || p.last_name, 'bankCode', 'BANK' || p.country || '2X',
      'bankAccountNumber', p.country || '**************' || lpad((p.n % 10000)::text, 4, '0'),
      'bankAccountName', p.first_name || ' ' || p.last_name,
      'email', p.email)
    ELSE jsonb_build_object(
      'walletAddress', 'bc1q' || substr(p.h, 3, 30),
      'customerFirstName', p.first_name, 'customerLastName', p.last_name,
      'email', p.email)
  END,
  p.first_name || ' ' || p.last_name,
  p.email,
  p.status,
  CASE WHEN p.status IN ('pending','in_process','authorized','approved','declined') THEN upper(p.status) END,
  CASE WHEN p.status IN ('pending','in_process','authorized','approved','declined','unknown')
       THEN 'po_' || substr(p.h, 9, 20) END,
  CASE WHEN p.status IN ('approved','declined') THEN 'psp-' || substr(p.h, 17, 16) END,
  CASE WHEN p.status = 'declined' THEN (ARRAY['05','51','54','61'])[1 + p.n % 4] END,
  CASE WHEN p.status = 'declined'
       THEN (ARRAY['Do not honour','Insufficient funds','Expired card','Limit exceeded'])[1 + p.n % 4] END,
  CASE WHEN p.status = 'failed' THEN 'The orchestrator refused the payout.' END,
  (SELECT ids FROM creators)[1 + floor(p.r_user * ${BENCH_USER_COUNT})::int],
  p.created,
  p.created + p.r_jitter * interval '2 hours',
  p.r_test < 0.01,
  -- Stands in for the sealed request (AES-GCM, base64) kept while it may still be sent.
  CASE WHEN p.status IN ('awaiting_approval','unknown') THEN repeat(p.h, 12) END,
  CASE WHEN p.status IN ('awaiting_approval','rejected') OR (p.status = 'approved' AND p.r_amount > 0.9)
       THEN 5000 END,
  CASE WHEN p.status = 'approved' AND p.r_amount > 0.9
       THEN (SELECT ids FROM creators)[1 + (floor(p.r_user * ${BENCH_USER_COUNT})::int + 1) % ${BENCH_USER_COUNT}] END,
  CASE WHEN p.status = 'approved' AND p.r_amount > 0.9 THEN p.created + interval '1 hour' END,
  CASE WHEN p.status = 'rejected'
       THEN (SELECT ids FROM creators)[1 + (floor(p.r_user * ${BENCH_USER_COUNT})::int + 1) % ${BENCH_USER_COUNT}] END,
  CASE WHEN p.status = 'rejected' THEN p.created + interval '1 hour' END,
  CASE WHEN p.status = 'rejected' THEN 'Beneficiary not verified' END,
  CASE WHEN p.status = 'unknown' THEN p.created + interval '5 minutes' END,
  CASE WHEN p.status IN ('submitting','unknown','pending','in_process','authorized')
       THEN p.created + p.r_jitter * interval '2 hours' + interval '5 minutes' END
FROM p`;
}

export interface GenerateOptions {
  rows: number;
  log: (line: string) => void;
  /** Batches run at once (each its own statement on its own connection); 1 on PGlite. */
  parallelism?: number;
}

/** Inserts the bench users and `rows` payouts in batches; the caller migrated first. */
export async function generateLedger(
  db: SqlRunner,
  { rows, log, parallelism = 1 }: GenerateOptions,
): Promise<void> {
  await db.exec(BENCH_USERS_SQL);
  const batchSql = payoutsBatchSql(rows);
  let next = 1;
  let done = 0;
  let lastLogged = 0;
  const started = performance.now();
  const worker = async () => {
    while (next <= rows) {
      const lo = next;
      const hi = Math.min(rows, lo + BATCH - 1);
      next = hi + 1;
      await db.exec(batchSql, [lo, hi]);
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
