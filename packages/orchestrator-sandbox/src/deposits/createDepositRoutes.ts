import type { OrchestratorValidationIssue } from '@payouts/contracts';
import { mpiErrorEnvelope, mpiOkEnvelope, validationEnvelope } from '../http/envelopes.js';
import type { RouteSpec } from '../http/RouteSpec.js';
import { routeCardDeposit } from '../providers/routeCardDeposit.js';
import type { SandboxProviderConfig } from '../providers/SandboxProviderConfig.js';
import { toIsoSeconds } from '../support/dates.js';
import type { SandboxDeposit } from '../types.js';
import { checkCountry } from '../validation/commonRules.js';
import type { DepositLedger } from './createDepositLedger.js';
import { fingerprintPage } from './fingerprintPage.js';
import { validateDepositRequest } from './validateDepositRequest.js';

export interface DepositRoutesDeps {
  config: SandboxProviderConfig;
  cashierKeys: readonly string[];
  ledger: DepositLedger;
  now: () => Date;
}

const mpiPaths = (suffix: string): string[] => [
  `/mpi/v2/:apiKey${suffix}`,
  `/mpi/:apiKey${suffix}`,
];

/** Section 6 lookup shape; `amount` is a string on this endpoint only. */
function toDepositTransaction(deposit: SandboxDeposit): object {
  return {
    id: deposit.id,
    psp_name: deposit.psp_name,
    country: deposit.country,
    email: deposit.email,
    transaction_id: deposit.transaction_id,
    psp_order_id: deposit.psp_order_id,
    merchant_order_id: deposit.order_id,
    amount: deposit.amount,
    currency: deposit.currency,
    decline_reason: deposit.decline_reason,
    decline_code: deposit.decline_code,
    card_type: deposit.card_brand,
    last_four_digits: deposit.card_last4,
    processing_date: toIsoSeconds(new Date(deposit.created_at)),
    payment_method: 'credit_card',
    status: deposit.status,
  };
}

/** Fingerprint, routed and single-PSP card deposits, and the deposit lookup (MPI family). */
export function createDepositRoutes(deps: DepositRoutesDeps): RouteSpec[] {
  const fingerprint: RouteSpec = {
    name: 'fingerprint',
    family: 'mpi',
    method: 'get',
    paths: mpiPaths('/fingerprint'),
    authenticated: true,
    handle({ query }) {
      const country = query.get('country');
      const currency = query.get('currency');
      const cardBin = query.get('cardBin');
      const issues: OrchestratorValidationIssue[] = [];
      const countryError = checkCountry(country ?? undefined);
      if (countryError)
        issues.push({ type: 'validation_error', field: 'country', message: countryError });
      if (!currency || !/^[A-Z0-9]{3,5}$/.test(currency)) {
        issues.push({
          type: 'validation_error',
          field: 'currency',
          message: 'currency is required (upper-case code)',
        });
      }
      if (!cardBin || !/^\d{6,8}$/.test(cardBin)) {
        issues.push({
          type: 'validation_error',
          field: 'cardBin',
          message: 'cardBin must be the first 6 to 8 digits of the card number',
        });
      }
      if (issues.length > 0) return { status: 400, body: validationEnvelope('mpi', issues) };
      const psp = routeCardDeposit(
        deps.config,
        country as string,
        currency as string,
        cardBin as string,
      );
      if (!psp) {
        return {
          status: 400,
          body: mpiErrorEnvelope(
            400,
            `No PSP takes this card for ${String(country)}/${String(currency)}`,
            'no_route',
          ),
        };
      }
      return {
        status: 200,
        html: psp.deposits?.requires_fingerprint ? fingerprintPage(psp.name) : '',
      };
    },
  };

  const deposit: RouteSpec = {
    name: 'deposit',
    family: 'mpi',
    method: 'post',
    paths: [...mpiPaths('/deposit/credit-card'), ...mpiPaths('/deposit/credit-card/:pspName')],
    authenticated: true,
    handle({ body, params }) {
      const validation = validateDepositRequest(body, {
        config: deps.config,
        cashierKeys: deps.cashierKeys,
        now: deps.now(),
        ...(params.pspName === undefined ? {} : { pspName: params.pspName }),
      });
      if (!validation.ok) {
        return validation.kind === 'no_route'
          ? { status: 400, body: mpiErrorEnvelope(400, validation.message, 'no_route') }
          : { status: 400, body: validationEnvelope('mpi', validation.issues) };
      }
      if (deps.ledger.hasOrder(validation.deposit.order_id)) {
        return {
          status: 409,
          body: mpiErrorEnvelope(409, 'order_id already used', 'duplicate_order_id'),
        };
      }
      const created = deps.ledger.create(validation.deposit);
      return {
        status: 200,
        body: mpiOkEnvelope({
          id: created.id,
          status: created.status,
          mpi_url: created.mpi_url,
          decline_code: created.decline_code,
          decline_reason: created.decline_reason,
        }),
      };
    },
  };

  const lookup: RouteSpec = {
    name: 'deposit_lookup',
    family: 'mpi',
    method: 'get',
    paths: mpiPaths('/deposit/transaction/:id'),
    authenticated: true,
    handle({ params }) {
      const found = deps.ledger.get(params.id ?? '');
      return found
        ? { status: 200, body: mpiOkEnvelope(toDepositTransaction(found)) }
        : { status: 404, body: mpiErrorEnvelope(404, 'Deposit not found') };
    },
  };

  return [fingerprint, deposit, lookup];
}
