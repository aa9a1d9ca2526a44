import {
  cardBin,
  PAYOUT_METHOD_TYPES,
  samplePayoutFor,
  validateCardDeposit,
  type Corridor,
} from '@payouts/contracts';
import type { OrchestratorClient, OrchestratorExchange } from '@payouts/orchestrator-client';
import { Router } from 'express';
import { z } from 'zod';
import type { DepositPsp } from '../../config.js';
import { AppError } from '../../http/AppError.js';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import { problemBody } from '../../http/problemHandler.js';
import { authOf, requireRole } from '../../http/requireRole.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditService } from '../audit/auditService.js';
import { orchestratorErrorToAppError } from '../orchestrator/orchestratorErrorToAppError.js';
import { idempotencyKeyOf } from '../payouts/payoutsRouter.js';
import type { PayoutsService } from '../payouts/payoutsService.js';
import { corridorQuery } from '../providers/providersRouter.js';
import type { ProvidersService } from '../providers/providersService.js';
import { toLabExchange } from './labExchange.js';

/**
 * The fingerprint document runs the orchestrator's script, so it gets its own policy: an opaque
 * origin (sandbox without allow-same-origin), inline script and style only, no network
 * (docs/decisions/005-content-security-policy.md, "The card-deposit fingerprint frame").
 */
export const FINGERPRINT_CSP =
  "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'";

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

const depositBody = z
  .object({
    mode: z.enum(['routed', 'single']),
    psp_name: z.string().trim().min(1).max(100).optional(),
    single_payment_mid_alias: z.string().trim().min(1).max(100).optional(),
    // Checked field by field with the contracts' card deposit schema below.
    deposit: z.record(z.string(), z.unknown()),
  })
  .strict();

const DEPOSIT_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/** The payout-type lab and the card-deposit console: admin only, every call goes to the orchestrator. */
export function createLabRouter({
  providersService,
  payoutsService,
  orchestrator,
  auditService,
  clock,
  corridors,
  deposits,
}: {
  providersService: ProvidersService;
  payoutsService: PayoutsService;
  orchestrator: Pick<OrchestratorClient, 'getFingerprint' | 'createCardDeposit' | 'getDeposit'>;
  auditService: AuditService;
  clock: Clock;
  corridors: readonly Corridor[];
  deposits: { psps: readonly DepositPsp[]; cashierKey: string | undefined };
}): Router {
  const router = Router();
  router.use('/lab', requireRole('admin'));

  router.get('/lab/test-data', async (req, res) => {
    const q = parseInput(testDataQuery, req.query);
    const corridor = { country: q.country, currency: q.currency };
    const { providers } = await providersService.get(corridor);
    const provider = providers.find(
      (p) => p.name === q.provider && p.payout_method_type === q.payout_method_type,
    );
    if (!provider) {
      throw new AppError('validation_failed', 'This PSP does not offer this payout type here.', {
        errors: [
          {
            pointer: '/provider',
            message: `Not listed for ${q.payout_method_type} in ${q.country}/${q.currency}`,
          },
        ],
      });
    }
    res.json({ payout: samplePayoutFor(provider, corridor, clock.now()) });
  });

  router.post('/lab/payouts', async (req, res) => {
    const key = idempotencyKeyOf(req);
    let exchange: OrchestratorExchange | undefined;
    try {
      const result = await payoutsService.create(
        { user: authOf(req).user, idempotencyKey: key, body: req.body },
        auditContextOf(req),
        { isTest: true, onExchange: (x) => (exchange = x) },
      );
      if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
      res.status(result.status).json({ payout: result.payout, exchange: toLabExchange(exchange) });
    } catch (error) {
      // Refused by the orchestrator: the lab shows what happened, with the failed ledger row.
      const payoutId = error instanceof AppError ? error.extensions?.payout_id : undefined;
      if (!(error instanceof AppError) || typeof payoutId !== 'string') throw error;
      const { payout } = await payoutsService.get(payoutId);
      res
        .status(200)
        .json({ payout, exchange: toLabExchange(exchange), problem: problemBody(error, req) });
    }
  });

  router.get('/lab/deposits/options', (_req, res) => {
    res.json({ psps: deposits.psps, corridors });
  });

  router.get('/lab/fingerprint', async (req, res) => {
    const q = parseInput(fingerprintQuery, req.query);
    let html: string;
    try {
      ({ html } = await orchestrator.getFingerprint({
        country: q.country,
        currency: q.currency,
        cardBin: q.card_bin,
      }));
    } catch (error) {
      throw orchestratorErrorToAppError(error);
    }
    if (html === '') {
      res.status(204).end();
      return;
    }
    res.setHeader('Content-Security-Policy', FINGERPRINT_CSP);
    // Framed by our own console page; the CSP above already isolates what it runs.
    res.removeHeader('X-Frame-Options');
    res.type('html').send(html);
  });

  router.post('/lab/deposits', async (req, res) => {
    const body = parseInput(depositBody, req.body);
    const errors: { pointer: string; message: string }[] = [];
    let psp: DepositPsp | undefined;
    if (body.mode === 'single') {
      psp = deposits.psps.find((p) => p.name === body.psp_name);
      if (!body.psp_name) errors.push({ pointer: '/psp_name', message: 'Choose a PSP' });
      else if (!psp) errors.push({ pointer: '/psp_name', message: 'Not a configured deposit PSP' });
      // The orchestrator needs an alias only to choose among several merchant accounts.
      if (!body.single_payment_mid_alias) {
        if (!psp || psp.mids.length > 1) {
          errors.push({
            pointer: '/single_payment_mid_alias',
            message: 'Choose a merchant account',
          });
        }
      } else if (psp && !psp.mids.includes(body.single_payment_mid_alias)) {
        errors.push({
          pointer: '/single_payment_mid_alias',
          message: `Not a merchant account of ${psp.title}`,
        });
      }
    } else {
      if (body.psp_name !== undefined) {
        errors.push({ pointer: '/psp_name', message: 'Only for a deposit to one PSP' });
      }
      if (body.single_payment_mid_alias !== undefined) {
        errors.push({
          pointer: '/single_payment_mid_alias',
          message: 'Only for a deposit to one PSP',
        });
      }
    }
    const {
      cashier_key: _ignored,
      single_payment_mid_alias: _alsoIgnored,
      ...typed
    } = body.deposit;
    const validation = validateCardDeposit({
      ...typed,
      cashier_key: deposits.cashierKey ?? 'unset',
      ...(body.mode === 'single' && body.single_payment_mid_alias
        ? { single_payment_mid_alias: body.single_payment_mid_alias }
        : {}),
    });
    if (!validation.ok) {
      for (const e of validation.errors) {
        errors.push(
          e.pointer === '/single_payment_mid_alias' ? e : { ...e, pointer: `/deposit${e.pointer}` },
        );
      }
    }
    if (errors.length > 0 || !validation.ok) {
      throw new AppError('validation_failed', 'Some fields are invalid.', { errors });
    }
    if (deposits.cashierKey === undefined) {
      throw new AppError(
        'orchestrator_unavailable',
        'No cashier key is configured (ORCHESTRATOR_CASHIER_KEY): card deposits are off.',
      );
    }
    const deposit = validation.value;
    const card = {
      bin: cardBin(deposit.credit_card_number),
      last4: deposit.credit_card_number.slice(-4),
    };
    let exchange: OrchestratorExchange | undefined;
    const audit = (data: Record<string, unknown>) =>
      auditService.record(auditContextOf(req), {
        action: 'lab.deposit',
        target: {
          type: 'deposit',
          id: typeof data.deposit_id === 'string' ? data.deposit_id : deposit.order_id,
        },
        data: {
          order_id: deposit.order_id,
          mode: body.mode,
          psp: psp?.name ?? null,
          mid_alias: body.mode === 'single' ? (body.single_payment_mid_alias ?? null) : null,
          card_bin: card.bin,
          card_last4: card.last4,
          amount: deposit.amount,
          currency: deposit.currency,
          ...data,
        },
      });
    try {
      const result = await orchestrator.createCardDeposit(deposit, {
        ...(psp ? { pspName: psp.name } : {}),
        onExchange: (x) => (exchange = x),
      });
      await audit({ deposit_id: result.id, status: result.status });
      const lab = toLabExchange(exchange);
      res.json({ result, exchange: lab, duration_ms: lab?.duration_ms ?? null });
    } catch (error) {
      const problem = orchestratorErrorToAppError(error);
      await audit({ status: 'error', error: problem.code });
      throw new AppError(problem.code, problem.detail, {
        ...(problem.errors ? { errors: problem.errors } : {}),
        ...(problem.retryAfterSeconds !== undefined
          ? { retryAfterSeconds: problem.retryAfterSeconds }
          : {}),
        extensions: { ...problem.extensions, exchange: toLabExchange(exchange) },
        cause: error,
      });
    }
  });

  router.get('/lab/deposits/:id', async (req, res) => {
    const id = req.params.id;
    if (!DEPOSIT_ID.test(id)) throw new AppError('not_found', 'No such deposit.');
    try {
      res.json(await orchestrator.getDeposit(id));
    } catch (error) {
      throw orchestratorErrorToAppError(error);
    }
  });

  return router;
}
