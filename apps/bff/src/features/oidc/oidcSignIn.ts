import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { SignInRefusal } from '@payouts/contracts';
import * as client from 'openid-client';
import type { Logger } from 'pino';
import type { OidcSettings } from '../../config.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, Role } from '../../shared/identity.js';
import type { SealedBox } from '../../shared/sealedBox.js';
import type { AuditService } from '../audit/index.js';
import type { OidcRecheck, SessionService } from '../session/index.js';
import type { UserRow } from '../users/index.js';
import { OidcProviderError, type OidcClaims, type OidcClient } from './oidcClient.js';
import type { OidcRepository } from './oidcRepository.js';

/** A sign-in at the provider must come back within this long (the contract says 10 minutes). */
export const OIDC_SIGN_IN_TTL_MS = 10 * 60_000;

/**
 * Not an scrypt hash, so the password hasher's `verify` answers false whatever is typed: an
 * account the provider vouches for has no password here.
 */
export const NO_PASSWORD = '!oidc';

/** `amr` values (RFC 8176) that mean more than one factor, or a factor beyond a password. */
const MFA_AMR = new Set([
  'mfa',
  'otp',
  'hwk',
  'swk',
  'fpt',
  'sms',
  'tel',
  'face',
  'iris',
  'pop',
  'sc',
]);
/** `acr` values providers use for a multi-factor sign-in. */
const MFA_ACR = new Set([
  'mfa',
  'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
  'urn:okta:loa:2fa:any',
  'phr',
  'phrh',
]);

/** The one door to a new session: the session service's. */
export type StartSession = SessionService['startSession'];

export type CallbackResult =
  | { kind: 'signed_in'; sessionId: string; returnTo: string }
  | { kind: 'refused'; refusal: SignInRefusal };

export interface OidcSignIn {
  /**
   * The provider's authorization URL; the sign-in is stored (single use, 10 minutes). `binding`
   * goes to the starting browser in a short-lived cookie: the callback must bring it back.
   */
  start(
    returnTo: string | undefined,
  ): Promise<
    { kind: 'redirect'; url: URL; binding: string } | { kind: 'refused'; refusal: SignInRefusal }
  >;
  /** `binding`: the cookie the browser that started the sign-in holds (undefined: none). */
  callback(
    query: URLSearchParams,
    request: { userAgent: string | null; context: AuditContext; binding: string | undefined },
  ): Promise<CallbackResult>;
  /**
   * The session service's `oidcRecheck`: asks the provider when a recheck is due. `end`: the
   * session was ended here (and audited); `reread`: the user's role changed.
   */
  recheck: OidcRecheck;
}

/** A same-origin path (`/payouts?x=1`), or `/` for anything else (open-redirect attempts). */
export function safeReturnTo(value: string | undefined): string {
  if (value === undefined || value.length > 2000 || !value.startsWith('/')) return '/';
  const hasControl = [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (value.startsWith('//') || value.startsWith('/\\') || hasControl) return '/';
  const base = new URL('http://return-to.invalid');
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return '/';
  }
  if (url.origin !== base.origin || url.pathname.startsWith('/api/')) return '/';
  const path = url.pathname + url.search + url.hash;
  // Checked again after normalisation: `/..//evil.example` normalises to `//evil.example`, a
  // protocol-relative URL to another host.
  if (path.startsWith('//') || path.includes('\\')) return '/';
  return path;
}

/** The role of the first OIDC_ROLE_MAP entry whose group the user is in. */
export function mapRole(settings: OidcSettings, claim: unknown): Role | undefined {
  const groups = new Set(
    (Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : []).filter(
      (g): g is string => typeof g === 'string',
    ),
  );
  return settings.roleMap.find((m) => groups.has(m.group))?.role;
}

function providerSaysMfa(claims: OidcClaims): boolean {
  const amr = Array.isArray(claims.amr) ? claims.amr : [];
  return (
    amr.some((a) => typeof a === 'string' && MFA_AMR.has(a)) ||
    (typeof claims.acr === 'string' && MFA_ACR.has(claims.acr))
  );
}

function messageOf(error: unknown): string | undefined {
  return error instanceof Error ? error.message.slice(0, 300) : undefined;
}

function groupsForAudit(claim: unknown): string[] {
  const list = Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [];
  return list
    .filter((g): g is string => typeof g === 'string')
    .slice(0, 20)
    .map((g) => g.slice(0, 100));
}

export function createOidcSignIn({
  settings,
  oidcClient,
  repo,
  sealedBox,
  stateSecret,
  startSession,
  endSession,
  forgetUser,
  auditService,
  clock,
  logger,
}: {
  settings: OidcSettings;
  oidcClient: OidcClient;
  repo: OidcRepository;
  sealedBox: SealedBox;
  /** Keys the state's HMAC (the stored key of a sign-in); SESSION_SECRET. */
  stateSecret: string;
  startSession: StartSession;
  /** Ends a session and records why, together. */
  endSession: (idHash: string, audit: Parameters<AuditService['row']>) => Promise<void>;
  /** The sessions' cache must read this user again (role or name changed). */
  forgetUser: (userId: string) => void;
  auditService: AuditService;
  clock: Clock;
  logger: Logger;
}): OidcSignIn {
  const issuer = settings.issuer.href;
  const stateKey = (state: string) =>
    createHmac('sha256', stateSecret).update(`oidc-state:${state}`).digest('base64url');
  // The verifier and refresh tokens are sealed, bound to what they belong to.
  const verifierBinding = (stateHash: string) => `oidc-verifier:${stateHash}`;
  /** What the starting browser's cookie holds: only this server can make it from the state. */
  const browserBinding = (state: string) =>
    createHmac('sha256', stateSecret).update(`oidc-browser:${state}`).digest('base64url');
  const sameBinding = (state: string, binding: string | undefined) => {
    if (binding === undefined) return false;
    const expected = Buffer.from(browserBinding(state));
    const given = Buffer.from(binding);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const refreshBinding = (userId: string) => `oidc-refresh:${userId}`;

  const refuse = async (
    refusal: SignInRefusal,
    context: AuditContext,
    data: Record<string, unknown>,
  ): Promise<CallbackResult> => {
    await auditService.record(context, {
      action: 'session.sign_in_refused',
      data: { method: 'oidc', refusal, ...data },
    });
    return { kind: 'refused', refusal };
  };

  /** The account the provider vouches for: found by subject, else linked by verified email, else made. */
  const accountFor = async (
    claims: OidcClaims,
    role: Role,
    context: AuditContext,
  ): Promise<UserRow | 'conflict'> => {
    const now = clock.now();
    const bySubject = await repo.findUserBySubject(issuer, claims.sub);
    if (bySubject) return bySubject;
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
    if (email === undefined || email.length === 0 || email.length > 320) return 'conflict';
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    const byEmail = await repo.findUserByEmail(email);
    if (byEmail) {
      // An unverified email, or an account already tied to another subject, is not the same person.
      if (!verified || byEmail.oidcSubject !== null) return 'conflict';
      const linked = await repo.linkUser(
        byEmail.id,
        { issuer, subject: claims.sub, passwordHash: NO_PASSWORD },
        now,
        [
          auditService.row(
            { ...context, actor: { id: byEmail.id, email: byEmail.email } },
            {
              action: 'user.linked_to_provider',
              target: { type: 'user', id: byEmail.id },
              data: { issuer },
            },
          ),
        ],
      );
      if (!linked) return 'conflict';
      forgetUser(byEmail.id);
      return { ...byEmail, oidcIssuer: issuer, oidcSubject: claims.sub, passwordHash: NO_PASSWORD };
    }
    const id = randomUUID();
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : email;
    const created = await repo.insertUser(
      {
        id,
        email,
        name: name.slice(0, 200),
        role,
        issuer,
        subject: claims.sub,
        passwordHash: NO_PASSWORD,
        at: now,
      },
      [
        auditService.row(
          { ...context, actor: { id, email } },
          {
            action: 'user.created',
            target: { type: 'user', id },
            data: { email, role, by: 'provider', issuer },
          },
        ),
      ],
    );
    return created.kind === 'created' ? created.user : 'conflict';
  };

  const applyProvidersWord = async (
    user: UserRow,
    change: { role: Role; name?: string },
    context: AuditContext,
  ): Promise<void> => {
    const patch: { role?: Role; name?: string } = {};
    if (change.role !== user.role) patch.role = change.role;
    if (change.name !== undefined && change.name !== user.name) patch.name = change.name;
    if (patch.role === undefined && patch.name === undefined) return;
    const audit =
      patch.role !== undefined
        ? [
            auditService.row(context, {
              action: 'user.role_changed_by_provider',
              target: { type: 'user', id: user.id },
              data: { from: user.role, to: patch.role },
            }),
          ]
        : [];
    await repo.updateUser(user.id, patch, clock.now(), audit);
    forgetUser(user.id);
  };

  return {
    async start(returnTo) {
      const now = clock.now();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const stateHash = stateKey(state);
      let url;
      try {
        url = await oidcClient.authorizationUrl({ state, nonce, codeVerifier });
      } catch (error) {
        // Discovery failed (logged there): the sign-in page says the provider had a problem.
        if (error instanceof OidcProviderError)
          return { kind: 'refused', refusal: 'provider_error' };
        throw error;
      }
      await repo.insertSignIn(
        {
          stateHash,
          nonce,
          codeVerifier: sealedBox.seal(codeVerifier, verifierBinding(stateHash)),
          returnTo: safeReturnTo(returnTo),
          createdAt: now,
          expiresAt: new Date(now.getTime() + OIDC_SIGN_IN_TTL_MS),
        },
        now,
      );
      return { kind: 'redirect', url, binding: browserBinding(state) };
    },

    async callback(query, { userAgent, context, binding }) {
      const state = query.get('state');
      if (state === null || state.length === 0 || state.length > 200) {
        return refuse('provider_error', context, { reason: 'no_state' });
      }
      // A callback link started in another browser (an attacker's unfinished sign-in sent to a
      // victim) would sign this browser into the other person's account: refused, unused.
      if (!sameBinding(state, binding)) {
        return refuse('provider_error', context, { reason: 'other_browser' });
      }
      const stateHash = stateKey(state);
      const pending = await repo.consumeSignIn(stateHash);
      // Unknown: never started here, tampered with, or used already (a replayed callback).
      if (!pending) return refuse('provider_error', context, { reason: 'unknown_state' });
      if (clock.now().getTime() >= pending.expiresAt.getTime()) {
        return refuse('expired', context, { reason: 'sign_in_expired' });
      }
      const providerError = query.get('error');
      if (providerError !== null) {
        const cancelled = providerError === 'access_denied';
        return refuse(cancelled ? 'cancelled' : 'provider_error', context, {
          reason: providerError.slice(0, 100),
        });
      }
      const codeVerifier = sealedBox.open(pending.codeVerifier, verifierBinding(stateHash));
      if (codeVerifier === undefined) {
        return refuse('provider_error', context, { reason: 'verifier_unreadable' });
      }
      let tokens;
      try {
        tokens = await oidcClient.exchangeCode(query, {
          state,
          nonce: pending.nonce,
          codeVerifier,
        });
      } catch (error) {
        if (!(error instanceof OidcProviderError)) throw error;
        // The reason and message only: a library error's cause may carry the token's claims.
        logger.warn(
          { reason: error.reason, detail: messageOf(error.cause) },
          'OIDC sign-in refused',
        );
        return refuse('provider_error', context, { reason: error.reason });
      }
      const { claims } = tokens;
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
      const role = mapRole(settings, claims[settings.roleClaim]);
      if (role === undefined) {
        return refuse('no_role', context, {
          reason: 'no_mapped_group',
          email,
          groups: groupsForAudit(claims[settings.roleClaim]),
        });
      }
      if (tokens.refreshToken === undefined) {
        // Without one the user could never be checked again at the provider.
        return refuse('provider_error', context, { reason: 'no_refresh_token', email });
      }
      const account = await accountFor(claims, role, context);
      if (account === 'conflict') {
        return refuse('provider_error', context, { reason: 'account_conflict', email });
      }
      const actor = { ...context, actor: { id: account.id, email: account.email } };
      if (account.disabledAt !== null) {
        return refuse('disabled', actor, { reason: 'account_disabled', email: account.email });
      }
      const name =
        typeof claims.name === 'string' && claims.name.trim()
          ? claims.name.trim().slice(0, 200)
          : undefined;
      await applyProvidersWord(account, { role, ...(name !== undefined ? { name } : {}) }, actor);
      const now = clock.now();
      const authTime = typeof claims.auth_time === 'number' ? claims.auth_time * 1000 : undefined;
      const secondFactor =
        settings.trustMfa && providerSaysMfa(claims)
          ? {
              at: new Date(
                authTime !== undefined ? Math.min(now.getTime(), authTime) : now.getTime(),
              ),
              method: 'provider' as const,
            }
          : undefined;
      const { sessionId } = await startSession({
        user: { ...account, role, ...(name !== undefined ? { name } : {}) },
        authMethod: 'oidc',
        ...(secondFactor ? { secondFactor } : {}),
        oidc: {
          refreshTokenSealed: sealedBox.seal(tokens.refreshToken, refreshBinding(account.id)),
          checkedAt: now,
        },
        ip: context.ip,
        userAgent,
        audit: [
          auditService.row(actor, {
            action: 'session.sign_in',
            target: { type: 'user', id: account.id },
            data: { method: 'oidc', ...(secondFactor ? { second_factor: 'provider' } : {}) },
          }),
        ],
      });
      return { kind: 'signed_in', sessionId, returnTo: pending.returnTo };
    },

    async recheck({ session, user }, now) {
      if (session.authMethod !== 'oidc') return 'keep';
      const seen = session.oidcCheckedAt;
      if (seen !== null && now.getTime() - seen.getTime() < settings.recheckMs) return 'keep';
      const state = await repo.sessionState(session.idHash);
      if (!state) return 'keep';
      if (now.getTime() - state.checkedAt.getTime() < settings.recheckMs) return 'keep';
      // Another request (or process) is asking already: this one goes on with what it has.
      if (!(await repo.claimRecheck(session.idHash, state.checkedAt, now))) return 'keep';
      const context: AuditContext = {
        actor: { id: user.id, email: user.email },
        ip: null,
        requestId: null,
      };
      const end = async (reason: string) => {
        await endSession(session.idHash, [
          context,
          { action: 'session.end', target: { type: 'user', id: user.id }, data: { reason } },
        ]);
        return 'end' as const;
      };
      const refreshToken = sealedBox.open(state.refreshTokenSealed, refreshBinding(state.userId));
      if (refreshToken === undefined || state.subject === null) return end('provider');
      let answer;
      try {
        answer = await oidcClient.refresh(refreshToken, state.subject);
      } catch (error) {
        // Fail closed: a user the provider cannot vouch for now does not keep moving money.
        const reason = error instanceof OidcProviderError ? error.reason : 'error';
        logger.warn(
          {
            reason,
            detail: messageOf(error instanceof OidcProviderError ? error.cause : error),
          },
          'OIDC recheck failed: session ended',
        );
        return end(reason === 'subject_changed' ? 'subject_changed' : 'provider_unreachable');
      }
      if (answer === 'revoked') return end('provider');
      if (answer.refreshToken !== undefined && answer.refreshToken !== refreshToken) {
        await repo.storeRefreshToken(
          session.idHash,
          sealedBox.seal(answer.refreshToken, refreshBinding(state.userId)),
        );
      }
      const role = mapRole(settings, answer.claims[settings.roleClaim]);
      if (role === undefined) return end('no_role');
      if (role === user.role) return 'keep';
      const current = await repo.findUserBySubject(issuer, state.subject);
      if (current) await applyProvidersWord(current, { role }, { ...context, actor: null });
      return 'reread';
    },
  };
}
