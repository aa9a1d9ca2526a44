import {
  isFinalStatus,
  type Corridor,
  type PayoutMethodType,
  type PayoutProvider,
  type PayoutStatus,
} from '@payouts/contracts';
import { errorMessage } from '../../components/errorMessage.js';
import type { LabApi } from './labApi.js';

export interface RunAllTarget {
  corridor: Corridor;
  provider: string;
  title: string;
  payout_method_type: PayoutMethodType;
}

/**
 * `pass`: paid out (the final status a test payout is sent for); `fail`: refused, declined or
 * failed; `not_final`: still open when the run stopped waiting, so neither.
 */
export type RunAllVerdict = 'pass' | 'fail' | 'not_final';

export interface RunAllResult extends RunAllTarget {
  verdict: RunAllVerdict;
  http_status: number | null;
  duration_ms: number | null;
  /** The payout's status when it was accepted or settled, or why it was not sent. */
  outcome: string;
  payout_id: string | null;
}

/** One target per (PSP, payout method type) the corridor has enabled, in the listed order. */
export function runAllTargets(
  corridor: Corridor,
  providers: readonly PayoutProvider[],
): RunAllTarget[] {
  const seen = new Set<string>();
  return providers.flatMap((p) => {
    const key = `${p.payout_method_type}/${p.name}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [
      {
        corridor,
        provider: p.name,
        title: p.title || p.name,
        payout_method_type: p.payout_method_type,
      },
    ];
  });
}

/** The status a test payout is sent to reach: paid out by the PSP. */
const EXPECTED: PayoutStatus = 'approved';

function verdictOf(status: PayoutStatus): RunAllVerdict {
  if (!isFinalStatus(status)) return 'not_final';
  return status === EXPECTED ? 'pass' : 'fail';
}

const sleepFor = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Sends one test payout per target, one after the other (the sandbox and the real orchestrator
 * both rate-limit; sequential also keeps the progress honest), each with test data fetched for it
 * and a fresh idempotency key. Then it follows every payout not yet final until it is, or until
 * `settleMs` have passed since the last send: only a payout paid out passes, and one still
 * pending is "not final", never a pass on an HTTP 200.
 */
export async function runAllTestPayouts({
  lab,
  statusOf,
  targets,
  newKey,
  onResult,
  signal,
  settleMs = 30_000,
  pollMs = 1_000,
  sleep = sleepFor,
  now = Date.now,
}: {
  lab: Pick<LabApi, 'testData' | 'sendPayout'>;
  /** The payout's status now (`GET /api/payouts/:id`). */
  statusOf: (payoutId: string) => Promise<PayoutStatus>;
  targets: readonly RunAllTarget[];
  newKey: () => string;
  /** Each result when sent, and again when it settles (same index). */
  onResult: (result: RunAllResult, index: number) => void;
  signal?: AbortSignal;
  settleMs?: number;
  pollMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}): Promise<RunAllResult[]> {
  const results: RunAllResult[] = [];
  for (const [index, target] of targets.entries()) {
    if (signal?.aborted) break;
    let result: RunAllResult;
    try {
      const payout = await lab.testData({
        country: target.corridor.country,
        currency: target.corridor.currency,
        payout_method_type: target.payout_method_type,
        provider: target.provider,
      });
      const reply = await lab.sendPayout(payout, newKey());
      const status = reply.payout.status;
      result = {
        ...target,
        verdict: reply.problem === undefined ? verdictOf(status) : 'fail',
        http_status: reply.exchange?.response?.http_status ?? null,
        duration_ms: reply.exchange?.duration_ms ?? null,
        outcome: reply.problem?.detail ?? reply.problem?.title ?? `Status: ${status}`,
        payout_id: reply.payout.id,
      };
    } catch (error) {
      result = {
        ...target,
        verdict: 'fail',
        http_status: null,
        duration_ms: null,
        outcome: errorMessage(error),
        payout_id: null,
      };
    }
    results.push(result);
    onResult(result, index);
  }

  // Settling: the open ones are asked again until final, or until the wait is over.
  const deadline = now() + settleMs;
  let open = results.flatMap((r, i) => (r.verdict === 'not_final' && r.payout_id ? [i] : []));
  while (open.length > 0 && !signal?.aborted && now() < deadline) {
    await sleep(pollMs, signal);
    const still: number[] = [];
    for (const i of open) {
      const result = results[i]!;
      try {
        const status = await statusOf(result.payout_id!);
        const verdict = verdictOf(status);
        if (verdict === 'not_final') {
          still.push(i);
          continue;
        }
        results[i] = { ...result, verdict, outcome: `Status: ${status}` };
        onResult(results[i], i);
      } catch {
        still.push(i);
      }
    }
    open = still;
  }
  for (const i of open) {
    const result = results[i]!;
    results[i] = {
      ...result,
      outcome: `${result.outcome}, not final after ${Math.round(settleMs / 1000)} s`,
    };
    onResult(results[i], i);
  }
  return results;
}
