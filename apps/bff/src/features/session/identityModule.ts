import type { SessionReply } from '@payouts/contracts';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { ModuleBase } from '../moduleBase.js';
import { parseCookies } from '../../http/parseCookies.js';
import { clearSessionCookie, type SessionCookieSettings } from '../../http/sessionCookie.js';
import {
  FACTOR_ACCOUNT_FREE_FAILURES,
  createFactorsRepository,
  createFactorsRouter,
  createFactorsService,
  createPasskeys,
  createRecoveryCodeHasher,
} from '../factors/index.js';
import { createOidcFeature, createOidcRouter } from '../oidc/index.js';
import { createSeparationOfDuties, type SeparationOfDuties } from '../separationOfDuties/index.js';
import type { MailTransport, StaffNotifier } from '../staffNotifications/index.js';
import type { PasswordHasher } from '../users/index.js';
import {
  createInvitations,
  createInvitationsRepository,
  createUserChanges,
  createUserChangesRepository,
  createUsersRepository,
  type UsersRepository,
  createUsersRouter,
  createUsersService,
} from '../users/index.js';
import { createDatabaseRateLimitStore } from './databaseRateLimitStore.js';
import { SESSION_CACHE_TTL_MS, withSessionCache } from './sessionCache.js';
import { sessionMiddleware } from './sessionMiddleware.js';
import { createSessionRepository } from './sessionRepository.js';
import { createSessionRouter } from './sessionRouter.js';
import { createSessionService, sessionKey, type SessionService } from './sessionService.js';
import { createSignInDelays } from './signInDelays.js';
import { createStaffSessionsService } from './staffSessions.js';
import { createStaffSessionsRouter } from './staffSessionsRouter.js';

export interface IdentityModule {
  cookie: SessionCookieSettings;
  /**
   * What `GET /api/session` would answer, for the page itself (one round trip less): undefined
   * without a cookie, null (and the cookie cleared) for a session that is no more.
   */
  embeddedSession: (req: Request, res: Response) => Promise<SessionReply | null | undefined>;
  /** Reads the session cookie into the request (before the second-factor gate). */
  sessionMiddleware: RequestHandler;
  /** Sign-in, single sign-on, sessions, second factors and staff accounts. */
  routers: Router[];
  sessionService: SessionService;
  usersRepository: UsersRepository;
  /** The one separation-of-duties rule every approval asks (decision 042). */
  separationOfDuties: SeparationOfDuties;
}

/**
 * Staff identity: accounts and their privileged changes under four eyes, password and single
 * sign-on sessions, second factors and step-up (decisions 020 and 042).
 */
export function createIdentityModule(
  deps: Pick<
    ModuleBase,
    'config' | 'db' | 'clock' | 'logger' | 'sealedBox' | 'auditService' | 'stepUp'
  > & {
    passwordHasher: PasswordHasher;
    staffNotifier: StaffNotifier;
    /** How invitations are e-mailed; undefined: e-mail is off, no account can be made. */
    mailTransport: MailTransport | undefined;
    /** The demo keeps its e-mail in a mailbox anyone may read: the sign-in page links it. */
    demoMailbox: boolean;
  },
): IdentityModule {
  const { config, db, clock, logger, auditService, passwordHasher, stepUp, staffNotifier } = deps;
  const usersRepository = createUsersRepository(db);
  const sessionRepository = withSessionCache(createSessionRepository(db), {
    ttlMs: SESSION_CACHE_TTL_MS,
  });
  const usersService = createUsersService({
    usersRepository,
    passwordHasher,
    auditService,
    clock,
    sessions: sessionRepository,
  });
  // Single sign-on: the session service asks it to recheck OIDC sessions.
  const oidc = createOidcFeature({
    config,
    db,
    sessionRepository,
    auditService,
    clock,
    logger,
    startSession: (input) => sessionService.startSession(input),
    demoMailbox: deps.demoMailbox,
  });
  const sessionService = createSessionService({
    passwordPolicy: config.auth,
    ...(oidc.oidcRecheck ? { oidcRecheck: oidc.oidcRecheck } : {}),
    sessionRepository,
    usersRepository,
    passwordHasher,
    auditService,
    clock,
    logger,
    settings: { ...config.session, security: config.mfa },
  });
  const separationOfDuties = createSeparationOfDuties({
    auditService,
    users: { createdAt: async (id) => (await usersRepository.findById(id))?.createdAt },
    clock,
    cooldownMs: config.approvalCooldownMs,
  });
  const keyOf = (sessionId: string) => sessionKey(config.session.secret, sessionId);
  const staffSessions = createStaffSessionsService({
    sessionRepository,
    usersRepository,
    auditService,
    clock,
    sessionKey: keyOf,
    idleTimeoutMs: config.session.idleTimeoutMs,
  });
  const delays = (freeFailures: number) =>
    createSignInDelays({
      db,
      clock,
      policy: {
        freeFailures,
        baseDelayMs: 1000,
        maxDelayMs: config.signIn.maxDelayMs,
        quietMs: config.signIn.windowMs,
      },
    });
  // Second factors: TOTP secrets sealed like payout data; codes HMAC'd with its keys.
  const factorsService = createFactorsService({
    repo: createFactorsRepository(db),
    passkeys: createPasskeys({ publicUrl: config.publicUrl }),
    sealedBox: deps.sealedBox,
    recoveryCodeHasher: createRecoveryCodeHasher(config.payoutDataKeys),
    auditService,
    clock,
    sessions: sessionService,
    sessionKey: keyOf,
    forgetUserSessions: (userId) => sessionRepository.forgetUser(userId),
    mfaRequiredRoles: config.mfa.requiredRoles,
    stepUpMs: config.mfa.stepUpMs,
    accountDelays: delays(FACTOR_ACCOUNT_FREE_FAILURES),
    tellUser: (notice) => staffNotifier.factorEnrolled(notice),
    logger,
  });
  // A new account's owner chooses their password from an e-mailed link.
  const invitations = createInvitations({
    repo: createInvitationsRepository(db),
    usersRepository,
    passwordHasher,
    auditService,
    clock,
    logger,
    mail: deps.mailTransport,
    publicUrl: config.publicUrl,
  });
  // Privileged account changes wait for a second admin (decision 042).
  const userChanges = createUserChanges({
    invitations,
    repo: createUserChangesRepository(db),
    usersRepository,
    usersService,
    hashPassword: (password) => passwordHasher.hash(password),
    resetFactors: (userId, context) => factorsService.reset(userId, context),
    auditService,
    separationOfDuties,
    clock,
    logger,
    notify: {
      proposed: async ({ id, summary, proposedBy }) => {
        await staffNotifier
          .userChangeProposed({ changeId: id, summary, proposedBy })
          .catch((error: unknown) => {
            logger.warn({ err: error, changeId: id }, 'account change notification failed');
          });
      },
      settled: async (id) => {
        await staffNotifier.settled(id).catch((error: unknown) => {
          logger.warn({ err: error, changeId: id }, 'account change notification not settled');
        });
      },
    },
  });
  const cookie: SessionCookieSettings = {
    cookieName: config.session.cookieName,
    secureCookie: config.session.secureCookie,
    absoluteTimeoutMs: config.session.absoluteTimeoutMs,
  };
  const routers = [
    createSessionRouter({
      sessionService,
      cookie,
      signInLimits: config.signIn,
      signInThrottleStore: () => createDatabaseRateLimitStore({ db, clock }),
      signInDelays: delays(config.signIn.maxFailuresPerAccount),
    }),
    // Starts are limited per address in each process's memory: a start writes only its own
    // pending sign-in, and a restart forgets nothing that matters.
    createOidcRouter({ options: oidc.options, oidcSignIn: oidc.oidcSignIn, cookie }),
    createStaffSessionsRouter({ staffSessions }),
    createFactorsRouter({
      factorsService,
      stepUp,
      proposeFactorReset: (userId, proposer, context) =>
        userChanges.propose({ kind: 'factor_reset', userId }, proposer, context),
    }),
    createUsersRouter({ usersService, userChanges, invitations, stepUp }),
  ];
  return {
    cookie,
    embeddedSession: async (req, res) => {
      const sessionId = parseCookies(req.headers.cookie).get(cookie.cookieName);
      // No cookie is not "signed out": the browser withholds the SameSite=Strict cookie from a
      // navigation a redirect from another site started (single sign-on's return). The app's
      // own call, same-site, carries it.
      if (!sessionId) return undefined;
      const reply = await sessionService.reply(sessionId);
      if (reply) return reply;
      clearSessionCookie(res, cookie);
      return null;
    },
    sessionMiddleware: sessionMiddleware({ sessionService, cookie }),
    routers,
    sessionService,
    usersRepository,
    separationOfDuties,
  };
}
