import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createScrubber } from '../secrets/createScrubber.js';
import { mapNetworkError, type NetworkErrorContext } from './mapNetworkError.js';

const KEY = 'secret-key-42';
const scrub = createScrubber(() => [KEY]);
const ctx = (over: Partial<NetworkErrorContext> = {}): NetworkErrorContext => ({
  operation: 'createPayout',
  nonIdempotent: true,
  timedOut: false,
  cancelled: false,
  timeoutMs: 500,
  scrub,
  ...over,
});
const withCode = (code: string, message = 'boom'): Error =>
  Object.assign(new Error(message), { code });

describe('mapNetworkError', () => {
  it('maps our timeout to timeout, outcome unknown only for creates', () => {
    const err = mapNetworkError(
      new DOMException('timeout', 'TimeoutError'),
      ctx({ timedOut: true }),
    );
    expect(err.kind).toBe('timeout');
    expect(err.outcomeUnknown).toBe(true);
    expect(err.message).toContain('500 ms');
    expect(
      mapNetworkError(new Error('x'), ctx({ timedOut: true, nonIdempotent: false })).outcomeUnknown,
    ).toBe(false);
  });

  it('maps a caller cancellation to timeout', () => {
    expect(mapNetworkError(new Error('aborted'), ctx({ cancelled: true })).kind).toBe('timeout');
  });

  it('maps a refused connection to unavailable with a known outcome', () => {
    const err = mapNetworkError(withCode('ECONNREFUSED'), ctx());
    expect(err.kind).toBe('unavailable');
    expect(err.outcomeUnknown).toBe(false);
  });

  it('maps a reset to timeout (outcome unknown) on creates and unavailable on reads', () => {
    const onCreate = mapNetworkError(withCode('UND_ERR_SOCKET', 'other side closed'), ctx());
    expect(onCreate.kind).toBe('timeout');
    expect(onCreate.outcomeUnknown).toBe(true);
    const onRead = mapNetworkError(withCode('ECONNRESET'), ctx({ nonIdempotent: false }));
    expect(onRead.kind).toBe('unavailable');
    expect(onRead.outcomeUnknown).toBe(false);
  });

  it('finds the code on a wrapped cause', () => {
    const wrapped = new Error('fetch failed', { cause: withCode('ECONNREFUSED') });
    expect(mapNetworkError(wrapped, ctx()).kind).toBe('unavailable');
  });

  it('chains a sanitized cause that carries no URL with the key', () => {
    const leaky = Object.assign(new Error(`connect failed for http://h/v2/${KEY}/payouts`), {
      code: 'ECONNRESET',
      options: { path: `/v2/${KEY}/payouts`, body: '{"creditCardNumber":"4111111111111111"}' },
    });
    const err = mapNetworkError(leaky, ctx());
    const dump = inspect(err, { depth: 10 });
    expect(dump).not.toContain(KEY);
    expect(dump).not.toContain('4111111111111111');
    expect((err.cause as { code?: string }).code).toBe('ECONNRESET');
  });
});
