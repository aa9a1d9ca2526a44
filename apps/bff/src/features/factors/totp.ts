import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Payouts back-office';
const CODE = /^[0-9]{6}$/;

export interface TotpSecret {
  /** Base32, 20 random bytes (otplib's default, RFC 4226's recommendation). */
  secret: string;
  /** `otpauth://totp/…` for the QR code. */
  otpauthUrl: string;
}

export function newTotpSecret(accountName: string): TotpSecret {
  const secret = generateSecret();
  return {
    secret,
    otpauthUrl: generateURI({ issuer: ISSUER, label: accountName, secret }),
  };
}

/** What a user types: digits, maybe with a space in the middle as apps show them. */
export function normalizeTotpCode(input: string): string | undefined {
  const code = input.replace(/\s+/g, '');
  return CODE.test(code) ? code : undefined;
}

/**
 * The time step a code belongs to when it is valid at `now` (one step either side, for clock
 * drift and typing time), or undefined. A step at or before `lastStep` is refused: a code works
 * once, and an older one never works after a newer one did.
 */
export async function verifyTotp(
  secret: string,
  input: string,
  now: Date,
  lastStep: number | null,
): Promise<number | undefined> {
  const token = normalizeTotpCode(input);
  if (token === undefined) return undefined;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  // The TOTP strategy's result carries the step it matched.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
