import { ORCHESTRATOR_PAYOUT_STATUSES, type OrchestratorValidationIssue } from '@payouts/contracts';
import { errorEnvelope, okEnvelope, validationEnvelope } from '../http/envelopes.js';
import type { Reply, RouteSpec } from '../http/RouteSpec.js';
import { payoutProvidersFor } from '../providers/payoutProvidersFor.js';
import type { SandboxProviderConfig } from '../providers/SandboxProviderConfig.js';
import type { CreateCallOutcome, FaultKind } from '../types.js';
import { checkCountry } from '../validation/commonRules.js';
import { isRecord } from '../validation/isRecord.js';
import type { PayoutLedger } from './createPayoutLedger.js';
import { magicAmountOf, SANDBOX_MAGIC_AMOUNTS } from './magicAmounts.js';
import { toCreateResult, toPayoutRecord } from './toPayoutRecord.js';
import { validatePayoutRequest } from './validatePayoutRequest.js';

export interface PayoutRoutesDeps {
  config: SandboxProviderConfig;
  ledger: PayoutLedger;
  now: () => Date;
  magicAmounts: boolean;
  /** Read on every request: a test or profile may change it while the sandbox runs. */
  behaviour: PayoutBehaviour;
}

export interface PayoutBehaviour {
  duplicateOrderIds: 'refuse' | 'accept';
  listLagMs: number;
  /** Share of creates that commit and then never answer (a hang after commit). */
  commitThenTimeoutRate: number;
  /** Raw metadata entries added per corridor `CC/CUR` (types the back-office cannot use). */
  extraMetadataEntries: Record<string, object[]>;
  /** Draws for `commitThenTimeoutRate`. */
  random: () => number;
}

const VERSIONS = ['v1', 'v2'];
const paths = (suffix: string): string[] => VERSIONS.map((v) => `/${v}/:apiKey/payouts${suffix}`);
const issue = (field: string, message: string): OrchestratorValidationIssue => ({
  type: 'validation_error',
  field,
  message,
});
const notFound = (): Reply => ({ status: 404, body: errorEnvelope(404, 'Payout not found') });

function orderIdOf(body: unknown): string | null {
  return isRecord(body) && typeof body.order_id === 'string' ? body.order_id : null;
}

/** Metadata, create, list, get and check-status, under both `/v1/` and `/v2/`. */
export function createPayoutRoutes(deps: PayoutRoutesDeps): RouteSpec[] {
  const { ledger } = deps;
  const record = (
    body: unknown,
    outcome: CreateCallOutcome,
    payoutId: string | null = null,
    fault: FaultKind | null = null,
  ): void => {
    ledger.recordCall({ order_id: orderIdOf(body), outcome, payout_id: payoutId, fault });
  };

  const metadata: RouteSpec = {
    name: 'metadata',
    family: 'payouts',
    method: 'get',
    paths: paths('/metadata'),
    authenticated: true,
    handle({ query }) {
      const country = query.get('country');
      const currency = query.get('currency');
      const issues: OrchestratorValidationIssue[] = [];
      const countryError = checkCountry(country ?? undefined);
      if (countryError) issues.push(issue('country', countryError));
      if (!currency) issues.push(issue('currency', 'currency is required'));
      else if (!/^[A-Z0-9]{3,5}$/.test(currency)) {
        issues.push(issue('currency', 'currency must be an upper-case currency code'));
      }
      if (issues.length > 0) return { status: 400, body: validationEnvelope('payouts', issues) };
      return {
        status: 200,
        body: okEnvelope({
          providers: [
            ...payoutProvidersFor(deps.config, country as string, currency as string),
            ...(deps.behaviour.extraMetadataEntries[`${country}/${currency}`] ?? []),
          ],
        }),
      };
    },
  };

  const create: RouteSpec = {
    name: 'create_payout',
    family: 'payouts',
    method: 'post',
    paths: paths(''),
    authenticated: true,
    onIntercept: ({ body, outcome, fault }) => record(body, outcome, null, fault),
    handle({ body, pendingFault }) {
      const validation = validatePayoutRequest(body, { config: deps.config, now: deps.now() });
      if (!validation.ok) {
        record(body, 'validation', null, pendingFault);
        return { status: 400, body: validationEnvelope('payouts', validation.issues) };
      }
      const valid = validation.payout;
      if (deps.behaviour.duplicateOrderIds === 'refuse' && ledger.hasOrder(valid.order_id)) {
        record(body, 'duplicate', null, pendingFault);
        return {
          status: 409,
          body: errorEnvelope(409, 'order_id already used'),
        };
      }
      const magic = deps.magicAmounts ? magicAmountOf(valid.amount) : undefined;
      if (magic === 'businessRefusal') {
        record(body, 'rejected', null, pendingFault);
        return {
          status: 400,
          body: errorEnvelope(400, SANDBOX_MAGIC_AMOUNTS.businessRefusal.message),
        };
      }
      if (magic === 'error500BeforeCommit') {
        record(body, 'fault', null, pendingFault ?? 'http_500');
        return { status: 500, fault: 'http_500' };
      }
      const payout = ledger.create(valid, magic);
      const quirk =
        deps.behaviour.commitThenTimeoutRate > 0 &&
        deps.behaviour.random() < deps.behaviour.commitThenTimeoutRate;
      const magicFault: FaultKind | undefined =
        magic === 'hangAfterCommit' || quirk
          ? 'hang_after_commit'
          : magic === 'error500AfterCommit'
            ? 'http_500_after_commit'
            : undefined;
      record(body, 'created', payout.id, pendingFault ?? magicFault ?? null);
      return { status: 200, body: okEnvelope(toCreateResult(payout)), fault: magicFault };
    },
  };

  const list: RouteSpec = {
    name: 'list_payouts',
    family: 'payouts',
    method: 'get',
    paths: paths(''),
    authenticated: true,
    handle({ query }) {
      const issues: OrchestratorValidationIssue[] = [];
      const int = (name: string, fallback: number, min: number, max: number): number => {
        const raw = query.get(name);
        if (raw === null || raw === '') return fallback;
        const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
        if (!Number.isSafeInteger(value) || value < min || value > max) {
          issues.push(issue(name, `${name} must be an integer between ${min} and ${max}`));
          return fallback;
        }
        return value;
      };
      const page = int('page', 1, 1, 1_000_000);
      const limit = int('limit', 24, 1, 500);
      const from = int('from', 0, 0, Number.MAX_SAFE_INTEGER);
      const to = int('to', Number.MAX_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER);
      const status = query.get('status')?.toLowerCase() || undefined;
      if (status && !(ORCHESTRATOR_PAYOUT_STATUSES as readonly string[]).includes(status)) {
        issues.push(
          issue('status', `status must be one of ${ORCHESTRATOR_PAYOUT_STATUSES.join(', ')}`),
        );
      }
      const sortField = query.get('sortField') || 'processing_date';
      if (sortField !== 'processing_date') {
        issues.push(issue('sortField', 'sortField must be processing_date'));
      }
      const sortDir = query.get('sortDir') || 'desc';
      if (sortDir !== 'asc' && sortDir !== 'desc') {
        issues.push(issue('sortDir', 'sortDir must be asc or desc'));
      }
      if (issues.length > 0) return { status: 400, body: validationEnvelope('payouts', issues) };

      const orderId = query.get('merchantOrderId') || undefined;
      const pspName = query.get('pspName') || undefined;
      // Lists come from a store that lags behind creates (BridgerPay: "may lag").
      const visibleBefore = deps.now().getTime() - deps.behaviour.listLagMs;
      // Ledger order is creation order, which breaks ties between equal timestamps.
      const matching = ledger
        .list()
        .map((payout, index) => ({ payout, index, at: Date.parse(payout.created_at) }))
        .filter(({ payout, at }) => {
          const seconds = Math.floor(at / 1000);
          return (
            (deps.behaviour.listLagMs === 0 || at <= visibleBefore) &&
            (orderId === undefined || payout.order_id === orderId) &&
            (pspName === undefined || payout.psp_name === pspName) &&
            (status === undefined || payout.status === status) &&
            seconds >= from &&
            seconds <= to
          );
        })
        .sort((a, b) => (a.at - b.at || a.index - b.index) * (sortDir === 'asc' ? 1 : -1));
      const records = matching
        .slice((page - 1) * limit, page * limit)
        .map(({ payout }) => toPayoutRecord(payout));
      return { status: 200, body: okEnvelope({ next_page_cursor: null, records }) };
    },
  };

  const get: RouteSpec = {
    name: 'get_payout',
    family: 'payouts',
    method: 'get',
    paths: paths('/:id'),
    authenticated: true,
    handle({ params }) {
      const payout = ledger.get(params.id ?? '');
      return payout ? { status: 200, body: okEnvelope(toPayoutRecord(payout)) } : notFound();
    },
  };

  const checkStatus: RouteSpec = {
    name: 'check_status',
    family: 'payouts',
    method: 'get',
    paths: paths('/:id/check-status'),
    authenticated: true,
    handle({ params }) {
      const payout = ledger.checkStatus(params.id ?? '');
      return payout ? { status: 200, body: okEnvelope(toPayoutRecord(payout)) } : notFound();
    },
  };

  // Order matters: "/payouts/metadata" must win over "/payouts/:id".
  return [metadata, create, list, checkStatus, get];
}
