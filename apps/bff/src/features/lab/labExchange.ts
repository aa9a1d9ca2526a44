import type { LabExchange } from '@payouts/contracts';
import type { OrchestratorExchange } from '@payouts/orchestrator-client';

export type { LabExchange } from '@payouts/contracts';

export function toLabExchange(x: OrchestratorExchange | undefined): LabExchange | null {
  if (!x) return null;
  return {
    request: { method: x.method, path: x.path, body: x.requestBody },
    response: x.httpStatus === null ? null : { http_status: x.httpStatus, body: x.responseBody },
    duration_ms: Math.round(x.durationMs),
  };
}
