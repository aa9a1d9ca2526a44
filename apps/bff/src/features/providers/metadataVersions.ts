import { createHash } from 'node:crypto';
import type { Corridor, MetadataChange, PayoutProviders, ProviderField } from '@payouts/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { corridorMetadataVersions } from '../../db/schema.js';
import type { Clock } from '../../shared/clock.js';
import { canonicalJson } from '../payouts/index.js';

const HINTS = ['type', 'required', 'pattern', 'min_length', 'max_length', 'options'] as const;

function hintsOf(field: ProviderField): string {
  return canonicalJson(Object.fromEntries(HINTS.map((h) => [h, field[h] ?? null])));
}

/**
 * What changed in a corridor's metadata between two versions: PSPs that joined or left a
 * payout type, fields that appeared or disappeared, a field whose title or hints changed,
 * entries newly left out or back. Pure: the unit tests call it directly.
 */
export function diffMetadata(before: PayoutProviders, after: PayoutProviders): MetadataChange[] {
  const changes: MetadataChange[] = [];
  const key = (p: { name: string; payout_method_type: string }) =>
    `${p.name}\u0000${p.payout_method_type}`;
  const old = new Map(before.providers.map((p) => [key(p), p]));
  const now = new Map(after.providers.map((p) => [key(p), p]));
  for (const [k, p] of old) {
    if (!now.has(k))
      changes.push({ kind: 'psp_removed', psp: p.name, payout_method_type: p.payout_method_type });
  }
  for (const [k, p] of now) {
    const was = old.get(k);
    if (!was) {
      changes.push({ kind: 'psp_added', psp: p.name, payout_method_type: p.payout_method_type });
      continue;
    }
    const wasFields = new Map(was.fields.map((f) => [f.name, f]));
    const nowFields = new Map(p.fields.map((f) => [f.name, f]));
    const at = { psp: p.name, payout_method_type: p.payout_method_type };
    for (const name of wasFields.keys()) {
      if (!nowFields.has(name)) changes.push({ kind: 'field_removed', ...at, field: name });
    }
    for (const [name, field] of nowFields) {
      const prior = wasFields.get(name);
      if (!prior) changes.push({ kind: 'field_added', ...at, field: name });
      else if (prior.title !== field.title || hintsOf(prior) !== hintsOf(field)) {
        changes.push({ kind: 'field_changed', ...at, field: name });
      }
    }
  }
  const left = (u: PayoutProviders['unsupported'][number]) =>
    `${u.name ?? ''}\u0000${u.payout_method_type ?? ''}`;
  const oldLeft = new Set(before.unsupported.map(left));
  const nowLeft = new Set(after.unsupported.map(left));
  for (const u of after.unsupported) {
    if (!oldLeft.has(left(u))) {
      changes.push({
        kind: 'unsupported_added',
        psp: u.name ?? '',
        payout_method_type: u.payout_method_type ?? '',
      });
    }
  }
  for (const u of before.unsupported) {
    if (!nowLeft.has(left(u))) {
      changes.push({
        kind: 'unsupported_removed',
        psp: u.name ?? '',
        payout_method_type: u.payout_method_type ?? '',
      });
    }
  }
  return changes;
}

/** A corridor's latest metadata version, as the Providers page shows it. */
export interface LatestMetadataVersion {
  version: number;
  fetchedAt: Date;
  changes: MetadataChange[];
}

export interface MetadataVersions {
  /**
   * Keeps what the orchestrator listed for a corridor as a new version when it differs from
   * the latest one (several processes may race: the primary key lets one of them win).
   */
  record(corridor: Corridor, metadata: PayoutProviders): Promise<LatestMetadataVersion | undefined>;
  latest(corridor: Corridor): Promise<LatestMetadataVersion | undefined>;
}

export function createMetadataVersions({
  db,
  clock,
  logger,
}: {
  db: Database;
  clock: Clock;
  logger: Logger;
}): MetadataVersions {
  const ofCorridor = (c: Corridor) =>
    and(
      eq(corridorMetadataVersions.country, c.country),
      eq(corridorMetadataVersions.currency, c.currency),
    );
  async function latestRow(corridor: Corridor) {
    const [row] = await db
      .select()
      .from(corridorMetadataVersions)
      .where(ofCorridor(corridor))
      .orderBy(desc(corridorMetadataVersions.version))
      .limit(1);
    return row;
  }
  return {
    async record(corridor, metadata) {
      const digest = createHash('sha256')
        .update(canonicalJson({ providers: metadata.providers, unsupported: metadata.unsupported }))
        .digest('hex');
      const latest = await latestRow(corridor);
      if (latest?.digest === digest) return undefined;
      const changes = latest
        ? diffMetadata(
            {
              providers: latest.providers as PayoutProviders['providers'],
              unsupported: latest.unsupported as PayoutProviders['unsupported'],
            },
            metadata,
          )
        : [];
      // Only the order of PSPs or fields moved: the same metadata, no new version.
      if (latest && changes.length === 0) return undefined;
      const version = (latest?.version ?? 0) + 1;
      const fetchedAt = clock.now();
      const inserted = await db
        .insert(corridorMetadataVersions)
        .values({
          country: corridor.country,
          currency: corridor.currency,
          version,
          digest,
          providers: metadata.providers,
          unsupported: metadata.unsupported,
          changes,
          fetchedAt,
        })
        .onConflictDoNothing()
        .returning({ version: corridorMetadataVersions.version });
      if (inserted.length === 0) return undefined;
      if (changes.length > 0) {
        logger.warn(
          { corridor, version, changes },
          'the orchestrator changed a corridor’s metadata',
        );
      }
      return { version, fetchedAt, changes };
    },
    async latest(corridor) {
      const row = await latestRow(corridor);
      return row
        ? {
            version: row.version,
            fetchedAt: row.fetchedAt,
            changes: row.changes as MetadataChange[],
          }
        : undefined;
    },
  };
}
