import { createHash, timingSafeEqual } from 'node:crypto';
import type { OrchestratorValidationIssue } from '@payouts/contracts';
import { okEnvelope, validationEnvelope } from '../http/envelopes.js';
import type { RouteSpec } from '../http/RouteSpec.js';
import type { SandboxCredentials } from '../types.js';
import { isBlank } from '../validation/commonRules.js';
import { isRecord } from '../validation/isRecord.js';
import type { TokenStore } from './createTokenStore.js';

function sameSecret(given: string, expected: string): boolean {
  // Hash first so the comparison takes the same time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** `POST /v2/auth/login` (also `/v1/auth/login` and `/auth/login`). */
export function createLoginRoute(deps: {
  credentials: SandboxCredentials;
  tokens: TokenStore;
}): RouteSpec {
  return {
    name: 'login',
    family: 'payouts',
    method: 'post',
    paths: ['/v2/auth/login', '/v1/auth/login', '/auth/login'],
    authenticated: false,
    handle({ body }) {
      const issues: OrchestratorValidationIssue[] = [];
      const input = isRecord(body) ? body : {};
      for (const field of ['user_name', 'password'] as const) {
        if (isBlank(input[field]) || typeof input[field] !== 'string') {
          issues.push({ type: 'validation_error', field, message: `${field} is required` });
        }
      }
      if (issues.length > 0) return { status: 400, body: validationEnvelope('payouts', issues) };
      const userName = input.user_name as string;
      const password = input.password as string;
      const userOk = sameSecret(userName, deps.credentials.userName);
      const passwordOk = sameSecret(password, deps.credentials.password);
      if (!userOk || !passwordOk) {
        // Spelled as the real service spells it; no `result` either.
        return {
          status: 403,
          body: { response: { status: 'Forbidden', code: 403, message: 'login_failue' } },
        };
      }
      const issued = deps.tokens.issue(userName);
      return {
        status: 200,
        body: okEnvelope({
          access_token: { token: issued.token, expires_in: issued.expiresIn },
          refresh_token: issued.refreshToken,
        }),
      };
    },
  };
}
