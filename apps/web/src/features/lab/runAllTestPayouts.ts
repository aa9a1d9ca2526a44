import type { Corridor, PayoutMethodType, PayoutProvider } from '@payouts/contracts';
import { errorMessage } from '../../components/errorMessage.js';
import type { LabApi } from './labApi.js';

export interface RunAllTarget {
  provider: string;
  title: string;
  payout_method_type: PayoutMethodType;
}

export interface RunAllResult extends RunAllTarget {
  passed: boolean;
  http_status: number | null;
  duration_ms: number | null;
  /** The payout's status when it was accepted, or why it was not. */
  outcome: string;
}

/** One target per (PSP, payout method type) the corridor has enabled, in the listed order. */
export function runAllTargets(providers: readonly PayoutProvider[]): RunAllTarget[] {
  const seen = new Set<string>();
  return providers.flatMap((p) => {
    const key = `${p.payout_method_type}/${p.name}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      { provider: p.name, title: p.title || p.name, payout_method_type: p.payout_method_type },
    ];
  });
}

const REFUSED_STATUSES = new Set(['failed', 'declined', 'cancelled', 'error']);

/**
 * Sends one test payout per target, one after the other (the sandbox and the real orchestrator
 * both rate-limit; sequential also keeps the progress honest), each with test data fetched for it
 * and a fresh idempotency key. A target passes when the orchestrator accepted the payout.
 */
export async function runAllTestPayouts({
  lab,
  corridor,
  targets,
  newKey,
  onResult,
  signal,
}: {
  lab: Pick<LabApi, 'testData' | 'sendPayout'>;
  corridor: Corridor;
  targets: readonly RunAllTarget[];
  newKey: () => string;
  onResult: (result: RunAllResult, index: number) => void;
  signal?: AbortSignal;
}): Promise<RunAllResult[]> {
  const results: RunAllResult[] = [];
  for (const [index, target] of targets.entries()) {
    if (signal?.aborted) break;
    let result: RunAllResult;
    try {
      const payout = await lab.testData({
        country: corridor.country,
        currency: corridor.currency,
        payout_method_type: target.payout_method_type,
        provider: target.provider,
      });
      const reply = await lab.sendPayout(payout, newKey());
      const status = reply.payout.status;
      const passed = reply.problem === undefined && !REFUSED_STATUSES.has(status);
      result = {
        ...target,
        passed,
        http_status: reply.exchange?.response?.http_status ?? null,
        duration_ms: reply.exchange?.duration_ms ?? null,
        outcome: reply.problem?.detail ?? reply.problem?.title ?? `Status: ${status}`,
      };
    } catch (error) {
      result = {
        ...target,
        passed: false,
        http_status: null,
        duration_ms: null,
        outcome: errorMessage(error),
      };
    }
    results.push(result);
    onResult(result, index);
  }
  return results;
}
