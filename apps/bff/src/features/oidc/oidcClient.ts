import * as client from 'openid-client';
import type { Logger } from 'pino';
import type { OidcSettings } from '../../config.js';

/** What the provider said about the user (ID token claims, completed from userinfo if needed). */
export type OidcClaims = Record<string, unknown> & { sub: string };

export interface OidcTokens {
  claims: OidcClaims;
  /** Undefined when the provider issued none (then the user cannot be rechecked: refused). */
  refreshToken: string | undefined;
}

/** The provider refused the answer or the request (a check failed, a code was used twice…). */
export class OidcProviderError extends Error {
  override readonly name = 'OidcProviderError';
  constructor(
    /** An OAuth error code (`invalid_grant`, `access_denied`) or a check's code; never a token. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`the identity provider's answer was refused: ${reason}`, options);
  }
}

export interface OidcClient {
  authorizationUrl(input: { state: string; nonce: string; codeVerifier: string }): Promise<URL>;
  /** `query`: the callback's query string. Throws `OidcProviderError` when any check fails. */
  exchangeCode(
    query: URLSearchParams,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcTokens>;
  /** `revoked`: the provider no longer accepts the refresh token (the user was removed…). */
  refresh(refreshToken: string, expectedSubject: string): Promise<OidcTokens | 'revoked'>;
}

const SCOPE = 'openid email profile groups offline_access';
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An OAuth error code, or the failed check and its claim (`OAUTH_JWT_…:aud`); never a token. */
function reasonOf(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError) return error.error;
  if (error instanceof client.ResponseBodyError) return error.error;
  const { code } = error as { code?: unknown };
  if (typeof code !== 'string') return 'unreachable';
  // The failed claim's name sits in a cause, a level or two down.
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && typeof cause === 'object' && cause !== null; depth++) {
    const { claim } = cause as { claim?: unknown };
    if (typeof claim === 'string') return `${code}:${claim}`;
    cause = (cause as { cause?: unknown }).cause;
  }
  return code;
}

/**
 * The relying party (openid-client): discovery at first use (retried after a failure), then
 * authorization code + PKCE (S256), state and nonce checked, and refresh grants for rechecks.
 * A plain-http issuer is accepted only on the loopback (the local test provider).
 */
export function createOidcClient({
  settings,
  logger,
}: {
  settings: OidcSettings;
  logger: Logger;
}): OidcClient {
  const insecure = settings.issuer.protocol === 'http:';
  if (insecure && !LOCAL_HOSTS.has(settings.issuer.hostname)) {
    throw new Error('OIDC_ISSUER must be https (plain http only for 127.0.0.1 or localhost)');
  }
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(
        settings.issuer,
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        { timeout: 10, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        logger.error({ err: error, issuer: settings.issuer.href }, 'OIDC discovery failed');
        throw new OidcProviderError('discovery_failed', { cause: error });
      });
    return discovered;
  };

  const claimsOf = async (
    config: client.Configuration,
    tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
    expectedSubject: string | undefined,
  ): Promise<OidcClaims> => {
    const idClaims = tokens.claims();
    const subject = idClaims?.sub ?? expectedSubject;
    if (subject === undefined) throw new OidcProviderError('no_id_token');
    if (expectedSubject !== undefined && subject !== expectedSubject) {
      throw new OidcProviderError('subject_changed');
    }
    let claims: OidcClaims = { ...(idClaims ?? {}), sub: subject };
    // Providers that keep groups out of the ID token give them at userinfo.
    if (claims[settings.roleClaim] === undefined || claims.email === undefined) {
      const info = await client.fetchUserInfo(config, tokens.access_token, subject);
      claims = {
        ...info,
        ...claims,
        [settings.roleClaim]: claims[settings.roleClaim] ?? info[settings.roleClaim],
      };
      claims.email ??= info.email;
      claims.email_verified ??= info.email_verified;
      claims.name ??= info.name;
    }
    return claims;
  };

  return {
    async authorizationUrl({ state, nonce, codeVerifier }) {
      const config = await configuration();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri.href,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    async exchangeCode(query, { state, nonce, codeVerifier }) {
      const config = await configuration();
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.search = query.toString();
      try {
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        return {
          claims: await claimsOf(config, tokens, undefined),
          refreshToken: tokens.refresh_token,
        };
      } catch (error) {
        if (error instanceof OidcProviderError) throw error;
        throw new OidcProviderError(reasonOf(error), { cause: error });
      }
    },

    async refresh(refreshToken, expectedSubject) {
      const config = await configuration();
      try {
        const tokens = await client.refreshTokenGrant(config, refreshToken);
        return {
          claims: await claimsOf(config, tokens, expectedSubject),
          refreshToken: tokens.refresh_token ?? refreshToken,
        };
      } catch (error) {
        if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') {
          return 'revoked';
        }
        if (error instanceof OidcProviderError) throw error;
        throw new OidcProviderError(reasonOf(error), { cause: error });
      }
    },
  };
}
