import type { OrchestratorExchange } from '@payouts/orchestrator-client';

/** An orchestrator exchange as the lab shows it (bodies already scrubbed by the client). */
export interface LabExchange {
  request: { method: string; path: string; body: unknown };
  response: { http_status: number | null; body: unknown } | null;
  /** Whole milliseconds: finer is noise for someone reading the lab. */
  duration_ms: number;
}

export function toLabExchange(x: OrchestratorExchange | undefined): LabExchange | null {
  if (!x) return null;
  return {
    request: { method: x.method, path: x.path, body: x.requestBody },
    response: x.httpStatus === null ? null : { http_status: x.httpStatus, body: x.responseBody },
    duration_ms: Math.round(x.durationMs),
  };
}
