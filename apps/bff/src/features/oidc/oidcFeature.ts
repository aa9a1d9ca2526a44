import type { AuthOptionsDto } from '@payouts/contracts';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../shared/clock.js';
import { createSealedBox } from '../../shared/sealedBox.js';
import type { AuditService } from '../audit/index.js';
import type { CachedSessionRepository, OidcRecheck } from '../session/index.js';
import { createOidcClient, type OidcClient } from './oidcClient.js';
import { createOidcRepository } from './oidcRepository.js';
import { createOidcSignIn, type OidcSignIn, type StartSession } from './oidcSignIn.js';

export interface OidcFeature {
  options: AuthOptionsDto;
  /** Undefined unless AUTH_MODE is oidc or both. */
  oidcSignIn: OidcSignIn | undefined;
  /** For the session service's authenticate(); undefined without single sign-on. */
  oidcRecheck: OidcRecheck | undefined;
}

/** What the sign-in page offers under AUTH_MODE. */
export function authOptions(auth: Config['auth'], demoMailbox = false): AuthOptionsDto {
  return {
    password:
      auth.mode !== 'oidc' ? 'on' : auth.breakGlassEmail !== undefined ? 'break_glass' : 'off',
    oidc: auth.oidc ? { name: auth.oidc.providerName } : null,
    demo_mailbox: demoMailbox,
  };
}

/** Single sign-on, wired (app.ts composes it; tests may pass their own client). */
export function createOidcFeature({
  config,
  db,
  sessionRepository,
  auditService,
  clock,
  logger,
  startSession,
  oidcClient,
  demoMailbox = false,
}: {
  /** The sign-in page links the demo's mailbox. */
  demoMailbox?: boolean;
  config: Config;
  db: Database;
  sessionRepository: CachedSessionRepository;
  auditService: AuditService;
  clock: Clock;
  logger: Logger;
  /** The session service's (called only at sign-in: the service may be made after this). */
  startSession: StartSession;
  oidcClient?: OidcClient;
}): OidcFeature {
  const options = authOptions(config.auth, demoMailbox);
  const settings = config.auth.oidc;
  if (!settings) return { options, oidcSignIn: undefined, oidcRecheck: undefined };
  const oidcSignIn = createOidcSignIn({
    settings,
    oidcClient: oidcClient ?? createOidcClient({ settings, logger }),
    repo: createOidcRepository(db),
    sealedBox: createSealedBox(config.payoutDataKeys),
    stateSecret: config.session.secret,
    startSession,
    endSession: (idHash, [context, entry]) =>
      sessionRepository.delete(idHash, [auditService.row(context, entry)]),
    forgetUser: (userId) => sessionRepository.forgetUser(userId),
    auditService,
    clock,
    logger,
  });
  return { options, oidcSignIn, oidcRecheck: (found, now) => oidcSignIn.recheck(found, now) };
}
