import { describe, expect, it } from 'vitest';
import { parseLosslessJson } from '../json/parseLosslessJson.js';
import { readEnvelope } from '../replies/readEnvelope.js';
import { mapHttpError, type HttpErrorContext } from './mapHttpError.js';
import { parseRetryAfter } from './parseRetryAfter.js';

const KEY = 'merchant-key-123';
const ctx = (over: Partial<HttpErrorContext> = {}): HttpErrorContext => ({
  operation: 'createPayout',
  nonIdempotent: true,
  scrub: (t) => t.split(KEY).join('[redacted]'),
  nowMs: Date.parse('2024-05-01T00:00:00Z'),
  ...over,
});
const envelope = (json: string) => readEnvelope(parseLosslessJson(json));

describe('mapHttpError', () => {
  it('maps a 400 list to validation, accepting both spellings of the type', () => {
    const err = mapHttpError(
      {
        status: 400,
        envelope: envelope(
          '{"response":{"status":"BadRequest","code":400,"message":"400"},"result":[' +
            '{"type":"validation_error","field":"metadata.email","message":"Email is invalid"},' +
            '{"type":"validaton_error","field":"amount","message":"Amount must be positive"}]}',
        ),
      },
      ctx(),
    );
    expect(err.kind).toBe('validation');
    expect(err.outcomeUnknown).toBe(false);
    expect(err.httpStatus).toBe(400);
    expect(err.issues).toEqual([
      { type: 'validation_error', field: 'metadata.email', message: 'Email is invalid' },
      { type: 'validaton_error', field: 'amount', message: 'Amount must be positive' },
    ]);
    expect(err.message).toContain('metadata.email: Email is invalid');
  });

  it('maps a 400 with result null to rejected, keeping the reason', () => {
    const err = mapHttpError(
      {
        status: 400,
        envelope: envelope(
          '{"response":{"status":"BadRequest","code":400,"message":"Insufficient balance"},"result":null}',
        ),
      },
      ctx(),
    );
    expect(err.kind).toBe('rejected');
    expect(err.upstreamMessage).toBe('Insufficient balance');
    expect(err.message).toContain('Insufficient balance');
    expect(err.outcomeUnknown).toBe(false);
  });

  it('maps a 400 without an envelope to protocol', () => {
    expect(mapHttpError({ status: 400, envelope: null }, ctx()).kind).toBe('protocol');
  });

  it('scrubs the API key the orchestrator echoes in a 401', () => {
    const err = mapHttpError(
      {
        status: 401,
        envelope: envelope(
          `{"response":{"code":401,"message":"merchant api key '${KEY}' is invalid"}}`,
        ),
      },
      ctx({ scrub: (t) => t }),
    );
    expect(err.kind).toBe('auth');
    // Even without the client scrubber, the generic redaction removes the quoted key.
    expect(JSON.stringify(err)).not.toContain(KEY);
    expect(err.message).not.toContain(KEY);
    expect(err.upstreamMessage).toBe("merchant api key '[redacted]' is invalid");
  });

  it.each([
    [401, 'auth', false],
    [403, 'auth', false],
    [404, 'not_found', false],
    [409, 'conflict', false],
    [408, 'timeout', true],
    [500, 'unavailable', true],
    [502, 'unavailable', true],
    [503, 'unavailable', true],
    [418, 'protocol', false],
    [302, 'protocol', true],
  ] as const)('HTTP %i -> %s (outcomeUnknown on create: %s)', (status, kind, unknown) => {
    const err = mapHttpError({ status, envelope: null }, ctx());
    expect(err.kind).toBe(kind);
    expect(err.outcomeUnknown).toBe(unknown);
    expect(
      mapHttpError({ status, envelope: null }, ctx({ nonIdempotent: false })).outcomeUnknown,
    ).toBe(false);
  });

  it('maps 429 to rate_limited with Retry-After seconds', () => {
    const err = mapHttpError({ status: 429, retryAfter: '7', envelope: null }, ctx());
    expect(err.kind).toBe('rate_limited');
    expect(err.retryAfterSeconds).toBe(7);
    expect(err.outcomeUnknown).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2024-05-01T00:00:00Z');
  it('reads delta seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Wed, 01 May 2024 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Tue, 30 Apr 2024 00:00:30 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});
