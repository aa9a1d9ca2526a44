import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { newTotpSecret, normalizeTotpCode, verifyTotp } from './totp.js';

const at = (iso: string) => new Date(iso);
const codeAt = (secret: string, date: Date) =>
  generate({ secret, epoch: Math.floor(date.getTime() / 1000) });

describe('totp', () => {
  it('makes a base32 secret and an otpauth URL naming the issuer and account', () => {
    const { secret, otpauthUrl } = newTotpSecret('finance@example.com');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Payouts back-office:finance@example.com');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Payouts back-office');
  });

  it('accepts the current step and one either side, nothing further', async () => {
    const { secret } = newTotpSecret('a@example.com');
    const now = at('2030-01-15T09:00:15.000Z');
    const step = Math.floor(now.getTime() / 30_000);
    for (const [offset, expected] of [
      [-60_000, undefined],
      [-30_000, step - 1],
      [0, step],
      [30_000, step + 1],
      [60_000, undefined],
    ] as const) {
      const code = await codeAt(secret, new Date(now.getTime() + offset));
      expect(await verifyTotp(secret, code, now, null), `offset ${offset}`).toBe(expected);
    }
  });

  it('refuses a step at or before the last one used (replay)', async () => {
    const { secret } = newTotpSecret('a@example.com');
    const now = at('2030-01-15T09:00:15.000Z');
    const code = await codeAt(secret, now);
    const step = await verifyTotp(secret, code, now, null);
    expect(step).toBeDefined();
    expect(await verifyTotp(secret, code, now, step!)).toBeUndefined();
    const previous = await codeAt(secret, new Date(now.getTime() - 30_000));
    expect(await verifyTotp(secret, previous, now, step!)).toBeUndefined();
    const next = await codeAt(secret, new Date(now.getTime() + 30_000));
    expect(await verifyTotp(secret, next, now, step!)).toBe(step! + 1);
  });

  it('refuses malformed codes without throwing, and reads "123 456"', async () => {
    const { secret } = newTotpSecret('a@example.com');
    const now = at('2030-01-15T09:00:15.000Z');
    for (const bad of ['', '12345', '1234567', 'abcdef', '12 34 5x', '١٢٣٤٥٦']) {
      expect(await verifyTotp(secret, bad, now, null)).toBeUndefined();
    }
    expect(normalizeTotpCode('123 456')).toBe('123456');
    const code = await codeAt(secret, now);
    expect(await verifyTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, now, null)).toBe(
      Math.floor(now.getTime() / 30_000),
    );
  });
});
