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

  it('takes it from a frame nested in the fingerprint frame (a PSP collector), never from elsewhere', () => {
    const data = { fingerprint: { acme_cards: 'dev-456' } };
    const collector = { parent: frame } as unknown as Window;
    const deeper = { parent: collector } as unknown as Window;
    expect(fingerprintFromMessage({ source: collector, data }, frame)).toEqual({
      acme_cards: 'dev-456',
    });
    expect(fingerprintFromMessage({ source: deeper, data }, frame)).toEqual({
      acme_cards: 'dev-456',
    });
    // A frame of another tree (its top is its own parent), and one nested too deep to trust.
    const top = {} as { parent?: unknown };
    top.parent = top;
    const stranger = { parent: top } as unknown as Window;
    expect(fingerprintFromMessage({ source: stranger, data }, frame)).toBeUndefined();
    let far: Window = frame;
    for (let i = 0; i < 8; i += 1) far = { parent: far } as unknown as Window;
    expect(fingerprintFromMessage({ source: far, data }, frame)).toBeUndefined();
    // Nested, but not the ddc shape: ignored.
    expect(
      fingerprintFromMessage({ source: collector, data: { fingerprint: 'x' } }, frame),
    ).toBeUndefined();
  });
});
