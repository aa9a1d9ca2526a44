import { overviewQuery } from '@payouts/contracts';
import { Router } from 'express';
import { parseInput } from '../../http/parseInput.js';
import { requirePermission } from '../../http/requirePermission.js';
import type { OverviewService } from './overviewService.js';

/** The overview's four reads (issue 15): every role that may read payouts sees them. */
export function createOverviewRouter({
  overviewService,
}: {
  overviewService: OverviewService;
}): Router {
  const router = Router();
  const read = requirePermission('payouts:read');

  router.get('/overview/summary', read, async (req, res) => {
    res.json(await overviewService.summary(parseInput(overviewQuery, req.query)));
  });
  router.get('/overview/timeseries', read, async (req, res) => {
    res.json(await overviewService.timeseries(parseInput(overviewQuery, req.query)));
  });
  router.get('/overview/providers', read, async (req, res) => {
    res.json(await overviewService.providers(parseInput(overviewQuery, req.query)));
  });
  router.get('/overview/declines', read, async (req, res) => {
    res.json(await overviewService.declines(parseInput(overviewQuery, req.query)));
  });
  return router;
}
