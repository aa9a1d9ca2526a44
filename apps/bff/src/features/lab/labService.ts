import {
  cardBin,
  samplePayoutFor,
  validateCardDeposit,
  type Corridor,
  type DepositResult,
  type PayoutMethodType,
  type PayoutRequest,
} from '@payouts/contracts';
import type { OrchestratorClient, OrchestratorExchange } from '@payouts/orchestrator-client';
import type { DepositPsp } from '../../config.js';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, AuditService } from '../audit/index.js';
import { orchestratorErrorToAppError } from '../orchestrator/index.js';
import type { ProvidersService } from '../providers/index.js';
import { toLabExchange, type LabExchange } from './labExchange.js';

export interface LabDepositRequest {
  mode: 'routed' | 'single';
  psp_name?: string | undefined;
  single_payment_mid_alias?: string | undefined;
  /** Checked field by field with the contracts' card deposit schema. */
  deposit: Record<string, unknown>;
}

export interface LabService {
  /** A valid test payout for one PSP and type of a corridor, to prefill the lab's form. */
  testData(query: {
    country: string;
    currency: string;
    payout_method_type: PayoutMethodType;
    provider: string;
  }): Promise<PayoutRequest>;
  /** The orchestrator's fingerprint document; '' when the PSP needs none. */
  fingerprint(query: { country: string; currency: string; card_bin: string }): Promise<string>;
  deposit(
    body: LabDepositRequest,
    context: AuditContext,
  ): Promise<{ result: DepositResult; exchange: LabExchange | null; duration_ms: number | null }>;
  getDeposit(id: string): ReturnType<OrchestratorClient['getDeposit']>;
}

const DEPOSIT_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

/**
 * The payout-type lab and the card-deposit console. Card data goes to the orchestrator and
 * nowhere else: the audit keeps BIN and last 4, the exchange is masked by the client.
 */
export function createLabService({
  providersService,
  orchestrator,
  auditService,
  clock,
  deposits,
}: {
  providersService: ProvidersService;
  orchestrator: Pick<OrchestratorClient, 'getFingerprint' | 'createCardDeposit' | 'getDeposit'>;
  auditService: AuditService;
  clock: Clock;
  deposits: { psps: readonly DepositPsp[]; cashierKey: string | undefined };
}): LabService {
  return {
    async testData(q) {
      const corridor: Corridor = { country: q.country, currency: q.currency };
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
      return samplePayoutFor(provider, corridor, clock.now());
    },

    async fingerprint(q) {
      try {
        const { html } = await orchestrator.getFingerprint({
          country: q.country,
          currency: q.currency,
          cardBin: q.card_bin,
        });
        return html;
      } catch (error) {
        throw orchestratorErrorToAppError(error);
      }
    },

    async deposit(body, context) {
      const errors: { pointer: string; message: string }[] = [];
      let psp: DepositPsp | undefined;
      if (body.mode === 'single') {
        psp = deposits.psps.find((p) => p.name === body.psp_name);
        if (!body.psp_name) errors.push({ pointer: '/psp_name', message: 'Choose a PSP' });
        else if (!psp)
          errors.push({ pointer: '/psp_name', message: 'Not a configured deposit PSP' });
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
            e.pointer === '/single_payment_mid_alias'
              ? e
              : { ...e, pointer: `/deposit${e.pointer}` },
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
        auditService.record(context, {
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
        return { result, exchange: lab, duration_ms: lab?.duration_ms ?? null };
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
    },

    async getDeposit(id) {
      if (!DEPOSIT_ID.test(id)) throw new AppError('not_found', 'No such deposit.');
      try {
        return await orchestrator.getDeposit(id);
      } catch (error) {
        throw orchestratorErrorToAppError(error);
      }
    },
  };
}
