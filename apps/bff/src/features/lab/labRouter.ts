import {
  PAYOUT_METHOD_TYPES,
  type Corridor,
  type DepositOptions,
  type LabDepositReply,
  type LabPayoutReply,
  type LabTestDataReply,
} from '@payouts/contracts';
import type { OrchestratorExchange } from '@payouts/orchestrator-client';
import { Router } from 'express';
import { z } from 'zod';
import type { DepositPsp } from '../../config.js';
import { AppError } from '../../http/AppError.js';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { problemBody } from '../../http/problemHandler.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import { requireKnownCorridor } from '../corridors/requireKnownCorridor.js';
import type { PayoutCreation } from '../payouts/payoutCreation.js';
import type { PayoutQueries } from '../payouts/payoutQueries.js';
import { corridorOfBody, idempotencyKeyOf } from '../payouts/payoutsRouter.js';
import { corridorQuery } from '@payouts/contracts/endpoints';
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

const testDataQuery = z
  .object({
    ...corridorQuery,
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
    provider: z.string().trim().min(1).max(100),
  })
  .strict();

const fingerprintQuery = z
  .object({
    ...corridorQuery,
    card_bin: z
      .string({ error: 'Enter the first 6 to 8 digits of the card' })
      .trim()
      .regex(/^[0-9]{6,8}$/, 'Enter the first 6 to 8 digits of the card'),
  })
  .strict();

export const labDepositBody = z
  .object({
    mode: z.enum(['routed', 'single']),
    psp_name: z.string().trim().min(1).max(100).optional(),
    single_payment_mid_alias: z.string().trim().min(1).max(100).optional(),
    // Checked field by field with the contracts' card deposit schema (labService).
    deposit: z.record(z.string(), z.unknown()),
  })
  .strict();

/** The payout-type lab and the card-deposit console: admin only, every call goes to the orchestrator. */
export function createLabRouter({
  labService,
  payoutCreation,
  payoutQueries,
  corridors,
  depositPsps,
  fingerprintHosts = [],
}: {
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
  router.use('/lab', requirePermission('lab:use'));

  router.get('/lab/test-data', async (req, res) => {
    const query = parseInput(testDataQuery, req.query);
    // Only the merchant's corridors reach the orchestrator (and the providers cache).
    requireKnownCorridor(corridors, query);
    res.json({ payout: await labService.testData(query) } satisfies LabTestDataReply);
  });

  router.post('/lab/payouts', async (req, res) => {
    const key = idempotencyKeyOf(req);
    const { country, currency } = parseInput(corridorOfBody, req.body);
    let exchange: OrchestratorExchange | undefined;
    try {
      const result = await payoutCreation.create(
        {
          user: authOf(req).user,
          idempotencyKey: key,
          corridor: { country, currency },
          body: req.body,
        },
        auditContextOf(req),
        { isTest: true, onExchange: (x) => (exchange = x) },
      );
      if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.status(result.status).json({
        payout: result.payout,
        exchange: toLabExchange(exchange),
      } satisfies LabPayoutReply);
    } catch (error) {
      // Refused by the orchestrator: the lab shows what happened, with the failed ledger row.
      const payoutId = error instanceof AppError ? error.extensions?.payout_id : undefined;
      if (!(error instanceof AppError) || typeof payoutId !== 'string') throw error;
      const { payout } = await payoutQueries.get(payoutId);
      res
        .status(200)
        .json({ payout, exchange: toLabExchange(exchange), problem: problemBody(error, req) });
    }
  });

  router.get('/lab/deposits/options', (_req, res) => {
    res.json({ psps: [...depositPsps], corridors: [...corridors] } satisfies DepositOptions);
  });

  router.get('/lab/fingerprint', async (req, res) => {
    const html = await labService.fingerprint(parseInput(fingerprintQuery, req.query));
    if (html === '') {
      res.status(204).end();
      return;
    }
    res.setHeader('Content-Security-Policy', fingerprintPolicy);
    // Framed by our own console page; the CSP above already isolates what it runs.
    res.removeHeader('X-Frame-Options');
    res.type('html').send(html);
  });

  router.post('/lab/deposits', async (req, res) => {
    const reply = await labService.deposit(
      parseInput(labDepositBody, req.body),
      auditContextOf(req),
    );
    res.json(reply satisfies LabDepositReply);
  });

  router.get('/lab/deposits/:id', async (req, res) => {
    res.json(await labService.getDeposit(req.params.id));
  });

  return router;
}
