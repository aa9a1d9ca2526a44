import { createHmac, randomBytes } from 'node:crypto';
import { toUnixSeconds } from '../support/dates.js';

export type TokenCheck = { ok: true } | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

export interface IssuedToken {
  token: string;
  refreshToken: string;
  expiresIn: number;
}

export interface TokenStore {
  issue(subject: string): IssuedToken;
  /** Checks an `Authorization` header value. */
  check(authorization: string | undefined): TokenCheck;
  /** Every access and refresh token issued so far, for tests that prove none leaks. */
  issued(): string[];
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * Access tokens that look like the real service's JWTs. Validity is decided by this store
 * (issued here, not past `exp` by the sandbox clock), not by verifying the signature.
 */
export function createTokenStore(deps: { ttlSeconds: number; now: () => Date }): TokenStore {
  const secret = randomBytes(32);
  const expiries = new Map<string, number>();
  const issuedTokens: string[] = [];

  function prune(nowMs: number): void {
    for (const [token, expiresAt] of expiries) if (expiresAt <= nowMs) expiries.delete(token);
  }

  return {
    issue(subject) {
      const now = deps.now();
      prune(now.getTime());
      const iat = toUnixSeconds(now);
      const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
      const payload = base64url(
        JSON.stringify({
          sub: subject,
          iat,
          exp: iat + deps.ttlSeconds,
          jti: randomBytes(12).toString('hex'),
        }),
      );
      const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
      const token = `${header}.${payload}.${base64url(signature)}`;
      expiries.set(token, now.getTime() + deps.ttlSeconds * 1000);
      const refreshToken = randomBytes(24).toString('base64url');
      issuedTokens.push(token, refreshToken);
      return { token, refreshToken, expiresIn: deps.ttlSeconds };
    },
    check(authorization) {
      if (!authorization) return { ok: false, reason: 'missing' };
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      if (!match?.[1]) return { ok: false, reason: 'invalid' };
      const expiresAt = expiries.get(match[1]);
      if (expiresAt === undefined) return { ok: false, reason: 'invalid' };
      if (deps.now().getTime() >= expiresAt) return { ok: false, reason: 'expired' };
      return { ok: true };
    },
    issued: () => [...issuedTokens],
  };
}
