import { describe, expect, it } from 'vitest';
import { createSealedBox } from './sealedBox.js';

describe('sealedBox', () => {
  const box = createSealedBox('a-secret-of-at-least-thirty-two-chars');

  it('opens what it sealed, and the sealed text does not contain the plain text', () => {
    const sealed = box.seal('{"card_number":"4111111111111111"}', 'payout-1');
    expect(sealed).not.toContain('4111');
    expect(box.open(sealed, 'payout-1')).toBe('{"card_number":"4111111111111111"}');
  });

  it('refuses another row, another key and a tampered value', () => {
    const sealed = box.seal('secret', 'payout-1');
    expect(box.open(sealed, 'payout-2')).toBeUndefined();
    expect(createSealedBox('another-secret-of-thirty-two-chars!!').open(sealed, 'payout-1')).toBe(
      undefined,
    );
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(box.open(parts.join('.'), 'payout-1')).toBeUndefined();
    expect(box.open('garbage', 'payout-1')).toBeUndefined();
  });

  it('never seals the same text the same way twice', () => {
    expect(box.seal('x', 'p')).not.toBe(box.seal('x', 'p'));
  });
});
