import type { Corridor, PayoutProvider, PayoutProviders } from '@payouts/contracts';
import type { Logger } from 'pino';
import type { LatestMetadataVersion, MetadataVersions } from './metadataVersions.js';

/**
 * What the metadata drift needs of other features, given as plain functions so this feature
 * does not reach into theirs: batches re-check their drafts, beneficiaries count who would fail,
 * the bell tells admins.
 */
export interface MetadataDriftDeps {
  versions: Pick<MetadataVersions, 'record'>;
  recheckBatches(input: {
    corridor: Corridor;
    providers: readonly PayoutProvider[];
    version: number;
  }): Promise<readonly { fileName: string; rows: number }[]>;
  unusableBeneficiaries(
    corridor: Corridor,
    providers: readonly PayoutProvider[],
  ): Promise<{ count: number }>;
  notifyAdmins(input: {
    corridor: Corridor;
    version: number;
    changes: LatestMetadataVersion['changes'];
    psps: readonly { name: string; title: string }[];
    beneficiaries: number;
    batches: readonly { fileName: string; rows: number }[];
  }): Promise<unknown>;
  psps: readonly { name: string; title: string }[];
  logger: Logger;
}

/**
 * Told of every fresh metadata read (decision 041): keeps a new version when the corridor's
 * metadata changed, and then, before anyone pays with the old form, re-checks the batches not yet
 * submitted (rows that now fail are flagged with the field), counts the saved beneficiaries that
 * no longer pass (their pages say why at read time), and tells every admin in the bell. Only the
 * process whose version insert wins does this, once per version.
 */
export function createMetadataDrift(deps: MetadataDriftDeps) {
  const log = deps.logger.child({ component: 'metadata-drift' });
  return async function onFetched(
    corridor: Corridor,
    metadata: PayoutProviders,
  ): Promise<LatestMetadataVersion | undefined> {
    const version = await deps.versions.record(corridor, metadata);
    if (!version || version.changes.length === 0) return version;
    const input = { corridor, providers: metadata.providers, version: version.version };
    const [batches, beneficiaries] = await Promise.all([
      deps.recheckBatches(input).catch((error: unknown) => {
        log.warn({ err: error, corridor }, 'batches not re-checked against new metadata');
        return [];
      }),
      deps.unusableBeneficiaries(corridor, metadata.providers).catch((error: unknown) => {
        log.warn({ err: error, corridor }, 'beneficiaries not re-checked against new metadata');
        return { count: 0 };
      }),
    ]);
    log.warn(
      {
        corridor,
        version: version.version,
        batchesFlagged: batches.length,
        beneficiariesUnusable: beneficiaries.count,
      },
      'corridor metadata re-checked against saved beneficiaries and unsubmitted batches',
    );
    await deps.notifyAdmins({
      corridor,
      version: version.version,
      changes: version.changes,
      psps: deps.psps,
      beneficiaries: beneficiaries.count,
      batches,
    });
    return version;
  };
}
