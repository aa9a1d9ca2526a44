import type { Corridor } from '@payouts/contracts';
import { referenceEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import { requireKnownCorridor } from '../corridors/index.js';
import type { KnownPsp } from '../../config.js';
import { buildProvidersMatrix } from './providersMatrix.js';
import type { MetadataVersions } from './metadataVersions.js';
import type { ProvidersService } from './providersService.js';

const { getProviders, getProviderMatrix } = referenceEndpoints;

export function createProvidersRouter({
  providersService,
  corridors,
  knownPsps,
  metadataVersions,
}: {
  providersService: ProvidersService;
  corridors: readonly Corridor[];
  knownPsps: readonly KnownPsp[];
  metadataVersions?: MetadataVersions;
}): Router {
  const router = Router();
  mountEndpoints(
    router,
    { getProviders, getProviderMatrix },
    {
      getProviderMatrix: ({ query }) =>
        buildProvidersMatrix({
          ...(metadataVersions ? { metadataVersions } : {}),
          corridors,
          knownPsps,
          providersService,
          refresh: query.refresh === '1',
        }),
      getProviders: async ({ query: { refresh, ...corridor } }) => {
        requireKnownCorridor(corridors, corridor);
        return providersService.get(corridor, { refresh: refresh === '1' });
      },
    },
  );
  return router;
}
