import { OrchestratorError, type OrchestratorErrorKind } from '@payouts/orchestrator-client';
import { describe, expect, it } from 'vitest';
import { orchestratorErrorToAppError } from './orchestratorErrorToAppError.js';

const error = (
  kind: OrchestratorErrorKind,
  extra: Partial<ConstructorParameters<typeof OrchestratorError>[0]> = {},
) => new OrchestratorError({ kind, message: `${kind} failure`, ...extra });

describe('orchestratorErrorToAppError', () => {
  it('gives every kind a stable code and status', () => {
    const mapped = Object.fromEntries(
      (
        [
          'validation',
          'rejected',
          'conflict',
          'not_found',
          'auth',
          'rate_limited',
          'unavailable',
          'timeout',
          'protocol',
        ] as const
      ).map((kind) => {
        const e = orchestratorErrorToAppError(error(kind));
        return [kind, `${e.code} ${e.status}`];
      }),
    );
    expect(mapped).toEqual({
      validation: 'orchestrator_rejected 422',
      rejected: 'orchestrator_rejected 422',
      conflict: 'conflict 409',
      not_found: 'not_found 404',
      auth: 'orchestrator_auth 502',
      rate_limited: 'orchestrator_unavailable 503',
      unavailable: 'orchestrator_unavailable 503',
      timeout: 'orchestrator_timeout 504',
      protocol: 'orchestrator_protocol 502',
    });
  });

  it('points orchestrator validation issues at the payout fields', () => {
    const e = orchestratorErrorToAppError(
      error('validation', {
        issues: [
          { type: 'validaton_error', field: 'metadata.email', message: 'Email is invalid' },
          { type: 'validation_error', field: 'amount', message: 'Too many decimals' },
        ],
      }),
    );
    expect(e.errors).toEqual([
      { pointer: '/metadata/email', message: 'Email is invalid' },
      { pointer: '/amount', message: 'Too many decimals' },
    ]);
  });

  it('keeps Retry-After from a rate limit and hides unknown errors behind internal', () => {
    expect(
      orchestratorErrorToAppError(error('rate_limited', { retryAfterSeconds: 7 }))
        .retryAfterSeconds,
    ).toBe(7);
    const internal = orchestratorErrorToAppError(new Error('db password=hunter2 leaked'));
    expect(internal.code).toBe('internal');
    expect(internal.detail).not.toContain('hunter2');
  });
});
