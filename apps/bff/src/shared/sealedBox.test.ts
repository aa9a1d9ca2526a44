import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealedBox } from './sealedBox.js';

const KEY_A = 'a-secret-of-at-least-thirty-two-chars';
const KEY_B = 'another-secret-of-thirty-two-chars!!';

/** A value in the format written before key ids (`v1.<iv>.<tag>.<ct>`), as rows still hold. */
function sealV1(secret: string, plain: string, boundTo: string): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'payouts', 'payout-submission-v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url')).join('.');
}

describe('sealedBox', () => {
  const box = createSealedBox([KEY_A]);

  it('opens what it sealed, and the sealed text does not contain the plain text', () => {
    const sealed = box.seal('{"card_number":"4111111111111111"}', 'payout-1');
    // Ciphertext is random text: only the whole number could not appear by chance.
    expect(sealed).not.toContain('4111111111111111');
    expect(box.open(sealed, 'payout-1')).toBe('{"card_number":"4111111111111111"}');
  });

  it('refuses another row, another key and a tampered value', () => {
    const sealed = box.seal('secret', 'payout-1');
    expect(box.open(sealed, 'payout-2')).toBeUndefined();
    expect(createSealedBox([KEY_B]).open(sealed, 'payout-1')).toBeUndefined();
    const parts = sealed.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(box.open(parts.join('.'), 'payout-1')).toBeUndefined();
    expect(box.open('garbage', 'payout-1')).toBeUndefined();
    expect(box.open('v2.x.y', 'payout-1')).toBeUndefined();
  });

  it('never seals the same text the same way twice', () => {
    expect(box.seal('x', 'p')).not.toBe(box.seal('x', 'p'));
  });

  it('names the sealing key by a short id that reveals nothing of the key', () => {
    const [version, kid] = box.seal('x', 'p').split('.');
    expect(version).toBe('v2');
    expect(kid).toMatch(/^[0-9a-f]{8}$/);
    expect(KEY_A).not.toContain(kid!);
    expect(createSealedBox([KEY_B]).seal('x', 'p').split('.')[1]).not.toBe(kid);
    // The same key has the same id at every start.
    expect(createSealedBox([KEY_A]).seal('y', 'q').split('.')[1]).toBe(kid);
  });

  it('after a rotation (new,old) seals under the new key and still opens the old one', () => {
    const underOld = box.seal('waiting payout', 'payout-1');
    const rotated = createSealedBox([KEY_B, KEY_A]);
    expect(rotated.open(underOld, 'payout-1')).toBe('waiting payout');
    const underNew = rotated.seal('new payout', 'payout-2');
    expect(underNew.split('.')[1]).toBe(createSealedBox([KEY_B]).seal('x', 'p').split('.')[1]);
    expect(createSealedBox([KEY_B]).open(underNew, 'payout-2')).toBe('new payout');
    // Once the old key is dropped, what it sealed no longer opens.
    expect(createSealedBox([KEY_B]).open(underOld, 'payout-1')).toBeUndefined();
  });

  it('opens values sealed before key ids existed (v1) with any configured key', () => {
    const legacy = sealV1(KEY_A, 'legacy payout', 'payout-1');
    expect(box.open(legacy, 'payout-1')).toBe('legacy payout');
    expect(createSealedBox([KEY_B, KEY_A]).open(legacy, 'payout-1')).toBe('legacy payout');
    expect(createSealedBox([KEY_B]).open(legacy, 'payout-1')).toBeUndefined();
    expect(box.open(legacy, 'payout-2')).toBeUndefined();
  });

  it('opens an empty text', () => {
    expect(box.open(box.seal('', 'p'), 'p')).toBe('');
  });
});
