import { createCaller } from './calls/createCaller.js';
import { createRoutePaths } from './calls/requestParts.js';
import { createDepositOperations } from './deposits/depositOperations.js';
import type { OrchestratorClient, OrchestratorClientOptions } from './OrchestratorClient.js';
import { createPayoutOperations } from './payouts/payoutOperations.js';

/**
 * The typed client of the payment orchestrator (docs/orchestrator/api.md). It logs in on first use
 * and shares that login among concurrent callers, re-logs in once on a 401, reads and writes
 * amounts losslessly, normalizes the orchestrator's spellings and turns every failure into an
 * `OrchestratorError` free of secrets. It never retries a call by itself otherwise.
 */
export function createOrchestratorClient(options: OrchestratorClientOptions): OrchestratorClient {
  checkOptions(options);
  const caller = createCaller(options);
  const paths = createRoutePaths(
    options.apiVersion ?? 'v2',
    options.apiKey,
    options.depositLookupPrefix,
  );
  return {
    ...createPayoutOperations({ caller, paths }),
    ...createDepositOperations({ caller, paths }),
    close: () => caller.close(),
  };
}

function checkOptions(options: OrchestratorClientOptions): void {
  const problems: string[] = [];
  try {
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      problems.push('baseUrl must be http(s)');
  } catch {
    problems.push('baseUrl is not a URL');
  }
  for (const key of ['apiKey', 'userName', 'password'] as const) {
    if (typeof options[key] !== 'string' || options[key] === '')
      problems.push(`${key} is required`);
  }
  const positive = (v: number | undefined) => v === undefined || (Number.isFinite(v) && v > 0);
  if (!positive(options.timeoutMs)) problems.push('timeoutMs must be positive');
  if (!positive(options.connections) || !Number.isInteger(options.connections ?? 1)) {
    problems.push('connections must be a positive integer');
  }
  const margin = options.tokenRefreshMarginSeconds;
  if (margin !== undefined && !(Number.isFinite(margin) && margin >= 0)) {
    problems.push('tokenRefreshMarginSeconds must be zero or more');
  }
  // Names only: a message must never carry the values, which include secrets.
  if (problems.length > 0)
    throw new TypeError(`invalid orchestrator client options: ${problems.join(', ')}`);
}
