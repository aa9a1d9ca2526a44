import type { UserChangeDto } from '@payouts/contracts';
import { sessionEndpoints, type Endpoint, type ReplyOf } from '@payouts/contracts/endpoints';
import { Router, type Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { mountEndpoints, noContent } from '../../http/mountEndpoints.js';
import { authOf } from '../../http/requirePermission.js';
import type { StepUp } from '../../http/requireStepUp.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { FactorsService, FactorViewer } from './factorsService.js';

/** The session endpoints that are about second factors. */
const FACTOR_ENDPOINT_NAMES = [
  'listFactors',
  'enrolTotp',
  'confirmTotp',
  'passkeyOptions',
  'registerPasskey',
  'removeFactor',
  'newRecoveryCodes',
  'verifyOptions',
  'verifySession',
  'resetUserFactors',
] as const;
const factorEndpoints = Object.fromEntries(
  FACTOR_ENDPOINT_NAMES.map((name) => [name, sessionEndpoints[name]]),
) as Pick<typeof sessionEndpoints, (typeof FACTOR_ENDPOINT_NAMES)[number]>;
const { passkeyOptions, verifyOptions } = factorEndpoints;

/**
 * @simplewebauthn's options as the loose JSON objects the schemas describe: its types are
 * interfaces, which TypeScript will not widen to an object with more members (the conformance
 * test holds the real replies to the schemas).
 */
const webauthnJson = <E extends Endpoint>(_endpoint: E, options: object): ReplyOf<E> =>
  options as ReplyOf<E>;

const viewerOf = (req: Request): FactorViewer => {
  const auth = authOf(req);
  return {
    user: auth.user,
    sessionId: auth.sessionId,
    address: ipKeyGenerator(req.ip ?? 'unknown'),
  };
};

/**
 * Second factors: one's own under
 * `/api/me` (`session:read`), completing a sign-in or a step-up under `/api/session/verify`,
 * and an admin's reset of a user's factors (`users:manage`). Removing a factor, new recovery
 * codes and a reset need a fresh step-up, checked after the body (decision 020).
 */
export function createFactorsRouter({
  factorsService,
  stepUp,
  proposeFactorReset,
}: {
  factorsService: FactorsService;
  /** 403 `step_up_required` unless the session verified a factor recently enough. */
  stepUp: StepUp;
  /** Another user's reset waits for a second admin (decision 042). */
  proposeFactorReset: (
    userId: string,
    proposer: SessionUser,
    context: AuditContext,
  ) => Promise<UserChangeDto>;
}): Router {
  const router = Router();
  mountEndpoints(router, factorEndpoints, {
    listFactors: ({ req }) => factorsService.list(viewerOf(req)),
    enrolTotp: ({ req, body }) => factorsService.enrolTotp(viewerOf(req), body),
    confirmTotp: ({ req, params, body, audit }) =>
      factorsService.confirmTotp(viewerOf(req), params.id, body.code, audit),
    passkeyOptions: async ({ req }) =>
      webauthnJson(passkeyOptions, await factorsService.passkeyRegistrationOptions(viewerOf(req))),
    registerPasskey: ({ req, body, audit }) =>
      factorsService.registerPasskey(viewerOf(req), body, audit),
    removeFactor: async ({ auth, req, params, audit }) => {
      stepUp.check(auth);
      await factorsService.remove(viewerOf(req), params.id, audit);
    },
    newRecoveryCodes: ({ auth, req, audit }) => {
      stepUp.check(auth);
      return factorsService.regenerateRecoveryCodes(viewerOf(req), audit);
    },
    verifyOptions: async ({ req }) =>
      webauthnJson(verifyOptions, await factorsService.verificationOptions(viewerOf(req))),
    verifySession: ({ req, body, audit }) => factorsService.verify(viewerOf(req), body, audit),
    resetUserFactors: async ({ auth, params: { id }, audit }) => {
      stepUp.check(auth);
      if (id === auth.user.id) {
        await factorsService.reset(id, audit);
        return noContent;
      }
      return proposeFactorReset(id, auth.user, audit);
    },
  });
  return router;
}
