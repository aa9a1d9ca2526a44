import type { Clock } from '../../shared/clock.js';
import { depositTestData } from './depositTestData.js';
import { corridorOfBody, type Corridor } from '@payouts/contracts';
import { labEndpoints } from '@payouts/contracts/endpoints';
import type { OrchestratorExchange } from '@payouts/orchestrator-client';
import { Router } from 'express';
import type { DepositPsp } from '../../config.js';
import { AppError } from '../../shared/AppError.js';
import { mountEndpoints, withStatus } from '../../http/mountEndpoints.js';
import { parseInput } from '../../http/parseInput.js';
import { problemBody } from '../../http/problemHandler.js';
import { requireKnownCorridor } from '../corridors/index.js';
import type { PayoutCreation, PayoutQueries } from '../payouts/index.js';
import { toLabExchange } from './labExchange.js';
import type { LabService } from './labService.js';

/**
 * The fingerprint document runs the orchestrator's script, so it gets its own policy: an opaque
 * origin of its own (sandbox without allow-same-origin), inline script and style only, no network
 * (docs/decisions/005-content-security-policy.md, "The card-deposit fingerprint frame").
 */
export const FINGERPRINT_CSP =
  "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'";

/**
 * The same policy opened to the PSPs' device-data collectors (DEPOSIT_FINGERPRINT_HOSTS): their
 * scripts, frames, requests, images and form posts may reach those hosts, and only those. The
 * document keeps its opaque origin, so nothing it loads can read the console's cookies or DOM.
 */
export function fingerprintCsp(hosts: readonly string[]): string {
  if (hosts.length === 0) return FINGERPRINT_CSP;
  const list = hosts.join(' ');
  return [
    'sandbox allow-scripts allow-forms',
    "default-src 'none'",
    `script-src 'unsafe-inline' ${list}`,
    `style-src 'unsafe-inline' ${list}`,
    `img-src data: ${list}`,
    `connect-src ${list}`,
    `frame-src ${list}`,
    `form-action ${list}`,
  ].join('; ');
}

/** The payout-type lab and the card-deposit console: admin only, every call goes to the orchestrator. */
export function createLabRouter({
  labService,
  payoutCreation,
  payoutQueries,
  corridors,
  depositPsps,
  fingerprintHosts = [],
  clock,
}: {
  clock: Clock;
  labService: LabService;
  payoutCreation: PayoutCreation;
  payoutQueries: PayoutQueries;
  corridors: readonly Corridor[];
  depositPsps: readonly DepositPsp[];
  /** Origins a PSP's fingerprint page may load from and post to (DEPOSIT_FINGERPRINT_HOSTS). */
  fingerprintHosts?: readonly string[];
}): Router {
  const fingerprintPolicy = fingerprintCsp(fingerprintHosts);
  const router = Router();
  mountEndpoints(router, labEndpoints, {
    labTestData: async ({ query }) => {
      // Only the merchant's corridors reach the orchestrator (and the providers cache).
      requireKnownCorridor(corridors, query);
      return { payout: await labService.testData(query) };
    },
    sendLabPayout: async ({ auth, idempotencyKey, body, audit, req, res }) => {
      const { country, currency } = parseInput(corridorOfBody, body);
      let exchange: OrchestratorExchange | undefined;
      try {
        const result = await payoutCreation.create(
          { user: auth.user, idempotencyKey, corridor: { country, currency }, body },
          audit,
          { isTest: true, onExchange: (x) => (exchange = x) },
        );
        if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
        return withStatus(result.status, {
          payout: result.payout,
          exchange: toLabExchange(exchange),
        });
      } catch (error) {
        // Refused by the orchestrator: the lab shows what happened, with the failed ledger row.
        const payoutId = error instanceof AppError ? error.extensions?.payout_id : undefined;
        if (!(error instanceof AppError) || typeof payoutId !== 'string') throw error;
        const { payout } = await payoutQueries.get(payoutId);
        return withStatus(200, {
          payout,
          exchange: toLabExchange(exchange),
          problem: problemBody(error, req),
        });
      }
    },
    depositOptions: () => ({ psps: [...depositPsps], corridors: [...corridors] }),
    depositTestData: ({ query }) => {
      requireKnownCorridor(corridors, query);
      return depositTestData(query.country, clock.now());
    },
    depositFingerprint: async ({ query, res }) => {
      const html = await labService.fingerprint(query);
      if (html === '') {
        res.status(204).end();
        return;
      }
      res.setHeader('Content-Security-Policy', fingerprintPolicy);
      // Framed by our own console page; the CSP above already isolates what it runs.
      res.removeHeader('X-Frame-Options');
      res.type('html').send(html);
    },
    makeDeposit: ({ body, audit }) => labService.deposit(body, audit),
    getDeposit: ({ params }) => labService.getDeposit(params.id),
  });
  return router;
}
