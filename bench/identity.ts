/**
 * Staff identity: every request looks its session up (cached 5 s per process), and
 * that lookup also reads the user's factor kinds and recovery codes left, to
 * decide the second-factor gate and step-up without a second round trip. This section measures
 * what that costs where it is paid, uncached: (a) the lookup as it was before (session joined
 * to its user) against (b) the repository's lookup now, captured from drizzle and run the same
 * way, on 10,000 users of whom half have two factors and ten recovery codes.
 */
import { fileURLToPath } from 'node:url';
import { createSessionRepository } from '@payouts/bff';
import {
  DEFAULT_POSTGRES_URL,
  openBenchPglite,
  openBenchPostgres,
  type BenchDatabase,
  type BenchDbKind,
} from './ledger/benchDatabases.js';
import { percentile, round } from './support/load.js';
import type { BenchContext, BenchSection, BenchTarget, SectionResult } from './types.js';

const USERS = Number(process.env.BENCH_IDENTITY_USERS ?? 10_000);
const LOOKUPS = 2_000;
/** The richer lookup may cost at most this much more than the old one (p50). */
const RATIO_TARGET = 1.5;
const PGLITE_DIR = fileURLToPath(new URL('./.data/identity', import.meta.url));

const OLD_LOOKUP = `select s.id_hash, s.user_id, s.last_seen_at, s.expires_at,
  u.id, u.email, u.name, u.role, u.disabled_at
  from sessions s join users u on u.id = s.user_id where s.id_hash = $1`;

async function prepare(database: BenchDatabase, log: (line: string) => void): Promise<void> {
  await database.migrate();
  const [existing] = await database.sql.exec(
    `SELECT count(*)::int AS n FROM users WHERE email LIKE 'idb-%'`,
  );
  if (Number(existing?.['n']) === USERS) return;
  const started = performance.now();
  await database.sql.exec(`DELETE FROM users WHERE email LIKE 'idb-%'`);
  await database.sql.exec(
    `INSERT INTO users (id, email, name, role, password_hash, created_at, updated_at)
     SELECT gen_random_uuid(), 'idb-' || i || '@example.com', 'User ' || i,
       (ARRAY['finance','support','admin'])[1 + i % 3], 'x', now(), now()
     FROM generate_series(1, ${USERS}) i`,
  );
  await database.sql.exec(
    `INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at, expires_at)
     SELECT 'idb-' || u.email, u.id, now(), now(), now() + interval '8 hours'
     FROM users u WHERE u.email LIKE 'idb-%'`,
  );
  // Half the users: an authenticator app and a passkey, and ten recovery codes.
  await database.sql.exec(
    `INSERT INTO staff_factors (id, user_id, kind, label, credential_id, public_key, confirmed_at, created_at)
     SELECT gen_random_uuid(), u.id, k.kind, k.kind,
       CASE WHEN k.kind = 'passkey' THEN u.id::text END, 'k', now(), now()
     FROM users u CROSS JOIN (VALUES ('totp'), ('passkey')) AS k(kind)
     WHERE u.email LIKE 'idb-%' AND hashtext(u.email) % 2 = 0`,
  );
  await database.sql.exec(
    `INSERT INTO staff_recovery_codes (id, user_id, code_hash, created_at)
     SELECT gen_random_uuid(), f.user_id, md5(random()::text), now()
     FROM staff_factors f CROSS JOIN generate_series(1, 10) WHERE f.kind = 'totp'`,
  );
  await database.sql.exec('ANALYZE');
  log(
    `${database.kind}: ${USERS} users, sessions and factors in ${Math.round(performance.now() - started)} ms`,
  );
}

async function time(run: (idHash: string) => Promise<unknown>, keys: string[]): Promise<number[]> {
  for (const key of keys.slice(0, 100)) await run(key);
  const out: number[] = [];
  for (let i = 0; i < LOOKUPS; i++) {
    const key = keys[(i * 7919) % keys.length]!;
    const started = performance.now();
    await run(key);
    out.push(performance.now() - started);
  }
  return out;
}

async function benchKind(kind: BenchDbKind, ctx: BenchContext) {
  const database =
    kind === 'postgres'
      ? await openBenchPostgres(process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL)
      : await openBenchPglite(PGLITE_DIR);
  try {
    await prepare(database, (line) => ctx.log(line));
    const keys = (
      await database.sql.exec(`SELECT id_hash FROM sessions WHERE id_hash LIKE 'idb-%'`)
    ).map((row) => String(row['id_hash']));
    // The statement the repository sends, as drizzle built it.
    const repository = createSessionRepository(database.db);
    const found = await repository.findWithUser(keys[0]!);
    if (!found) throw new Error('the repository found no session');
    const captured = database.capture.queries.findLast((q) => /from "sessions"/i.test(q.sql));
    if (!captured) throw new Error('no session lookup captured');
    const old = await time((key) => database.sql.exec(OLD_LOOKUP, [key]), keys);
    const now = await time((key) => database.sql.exec(captured.sql, [key]), keys);
    const viaRepository = await time((key) => repository.findWithUser(key), keys);
    const row = (label: string, samples: number[]) => ({
      db: kind,
      lookup: label,
      'p50 ms': round(percentile(samples, 50), 3),
      'p95 ms': round(percentile(samples, 95), 3),
    });
    const rows = [
      row('(a) session + user only', old),
      row('(b) now: + factor kinds and recovery codes left', now),
      row('(b) through the repository (drizzle)', viaRepository),
    ];
    ctx.log(rows.map((r) => `${r.lookup}: p50 ${r['p50 ms']} ms`).join('; '));
    return { rows, ratio: percentile(now, 50) / percentile(old, 50) };
  } finally {
    await database.close();
  }
}

export const section: BenchSection = {
  name: 'identity',
  async run(ctx: BenchContext): Promise<SectionResult> {
    const postgres = await benchKind('postgres', ctx);
    const pglite = await benchKind('pglite', ctx);
    const targets: BenchTarget[] = (
      [
        ['PostgreSQL', postgres],
        ['PGlite', pglite],
      ] as const
    ).map(([name, result]) => ({
      name: `identity: session lookup with factors / without, p50 (${name}, ${USERS} users)`,
      target: `<= ${RATIO_TARGET}`,
      actual: String(round(result.ratio, 3)),
      met: result.ratio <= RATIO_TARGET,
    }));
    return {
      rows: [...postgres.rows, ...pglite.rows],
      figures: {
        'identity.users': USERS,
        'identity.lookups': LOOKUPS,
        'identity.postgres.ratio': round(postgres.ratio, 3),
        'identity.pglite.ratio': round(pglite.ratio, 3),
      },
      targets,
    };
  },
};
