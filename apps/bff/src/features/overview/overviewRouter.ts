import { overviewEndpoints } from '@payouts/contracts/endpoints';
import { Router } from 'express';
import { mountEndpoints } from '../../http/mountEndpoints.js';
import type { OverviewService } from './overviewService.js';

/** The overview's four reads: every role that may read payouts sees them. */
export function createOverviewRouter({
  overviewService,
}: {
  overviewService: OverviewService;
}): Router {
  const router = Router();
  mountEndpoints(router, overviewEndpoints, {
    getOverviewSummary: ({ query }) => overviewService.summary(query),
    getOverviewTimeseries: ({ query }) => overviewService.timeseries(query),
    getOverviewProviders: ({ query }) => overviewService.providers(query),
    getOverviewDeclines: ({ query }) => overviewService.declines(query),
  });
  return router;
}
