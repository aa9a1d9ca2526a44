import type { Corridor, PayoutProviders } from '@payouts/contracts';
import type { Router } from 'express';
import type { ModuleBase } from '../moduleBase.js';
import type { KnownPsp } from '../../config.js';
import { createMetadataDrift, type MetadataDriftDeps } from './metadataDrift.js';
import { createMetadataVersions } from './metadataVersions.js';
import { createProvidersRouter } from './providersRouter.js';
import { createProvidersService, type ProvidersService } from './providersService.js';

type DriftWatchers = Omit<MetadataDriftDeps, 'versions' | 'psps' | 'logger'>;

export interface ProvidersModule {
  router: Router;
  service: ProvidersService;
  /**
   * Who hears when a corridor's metadata changes (batches to recheck, beneficiaries no longer
   * payable, admins to tell): set once they exist, before the first read.
   */
  watchDrift(watchers: DriftWatchers): void;
}

/** The PSPs per corridor from the orchestrator's metadata, cached, each change kept as a version. */
export function createProvidersModule(
  deps: Pick<ModuleBase, 'config' | 'db' | 'clock' | 'logger' | 'orchestrator' | 'corridors'> & {
    knownPsps: readonly KnownPsp[];
  },
): ProvidersModule {
  const { clock, logger } = deps;
  // Each corridor's metadata kept as a version whenever it changes (decision 041).
  const metadataVersions = createMetadataVersions({ db: deps.db, clock, logger });
  let drift: ((corridor: Corridor, metadata: PayoutProviders) => Promise<unknown>) | undefined;
  const service = createProvidersService({
    orchestrator: deps.orchestrator,
    clock,
    ttlMs: deps.config.providersCacheTtlMs,
    logger,
    onFetched: async (corridor, metadata) => drift?.(corridor, metadata),
  });
  return {
    router: createProvidersRouter({
      providersService: service,
      corridors: deps.corridors,
      knownPsps: deps.knownPsps,
      metadataVersions,
    }),
    service,
    watchDrift(watchers) {
      drift = createMetadataDrift({
        ...watchers,
        versions: metadataVersions,
        psps: deps.knownPsps,
        logger,
      });
    },
  };
}
