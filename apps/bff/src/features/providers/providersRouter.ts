import { countryCodeQuery, currencyCodeQuery, type Corridor } from '@payouts/contracts';
import { Router } from 'express';
import { z } from 'zod';
import { parseInput } from '../../http/parseInput.js';
import { requirePermission } from '../../http/requirePermission.js';
import { requireKnownCorridor } from '../corridors/requireKnownCorridor.js';
import type { KnownPsp } from '../../config.js';
import { buildProvidersMatrix } from './providersMatrix.js';
import type { MetadataVersions } from './metadataVersions.js';
import type { ProvidersService } from './providersService.js';

/** A query's corridor (the lab's queries take it too). */
export const corridorQuery = { country: countryCodeQuery, currency: currencyCodeQuery };

const providersQuery = z
  .object({ ...corridorQuery, refresh: z.enum(['0', '1']).optional() })
  .strict();

const matrixQuery = z.object({ refresh: z.enum(['0', '1']).optional() }).strict();

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
  router.get('/providers/matrix', requirePermission('providers:matrix'), async (req, res) => {
    const { refresh } = parseInput(matrixQuery, req.query);
    res.json(
      await buildProvidersMatrix({
        ...(metadataVersions ? { metadataVersions } : {}),
        corridors,
        knownPsps,
        providersService,
        refresh: refresh === '1',
      }),
    );
  });
  router.get('/providers', requirePermission('providers:read'), async (req, res) => {
    const { refresh, ...corridor } = parseInput(providersQuery, req.query);
    requireKnownCorridor(corridors, corridor);
    res.json(await providersService.get(corridor, { refresh: refresh === '1' }));
  });
  return router;
}
