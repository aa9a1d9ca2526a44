// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fingerprintFromMessage } from './fingerprintFromMessage.js';

const frame = {} as Window;
const other = {} as Window;

describe('fingerprintFromMessage', () => {
  it('takes the device data only from the fingerprint frame, only in the ddc shape', () => {
    const data = { fingerprint: { acme_cards: 'dev-123' } };
    expect(fingerprintFromMessage({ source: frame, data }, frame)).toEqual({
      acme_cards: 'dev-123',
    });
    expect(fingerprintFromMessage({ source: other, data }, frame)).toBeUndefined();
    expect(fingerprintFromMessage({ source: null, data }, frame)).toBeUndefined();
    expect(fingerprintFromMessage({ source: frame, data }, null)).toBeUndefined();
    expect(fingerprintFromMessage({ source: frame, data: 'fingerprint' }, frame)).toBeUndefined();
    expect(
      fingerprintFromMessage({ source: frame, data: { fingerprint: { a: 1 } } }, frame),
    ).toBeUndefined();
    expect(
      fingerprintFromMessage({ source: frame, data: { fingerprint: ['x'] } }, frame),
    ).toBeUndefined();
  });
});
