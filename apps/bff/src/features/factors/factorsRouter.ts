import { ipKeyGenerator } from 'express-rate-limit';
import type {
  UserChangeDto,
  FactorEnrolledDto,
  FactorsDto,
  RecoveryCodesDto,
  SessionReply,
  TotpEnrolmentDto,
} from '@payouts/contracts';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { auditContextOf } from '../../http/authContext.js';
import { parseInput } from '../../http/parseInput.js';
import type { StepUp } from '../../http/requireStepUp.js';
import { authOf, requirePermission } from '../../http/requirePermission.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { FactorsService, FactorViewer } from './factorsService.js';
import { emptyBody } from '@payouts/contracts/endpoints';

const label = z.string().trim().min(1).max(60).optional();
// The browser's WebAuthn JSON: its shape is checked by @simplewebauthn, which refuses any other.
const webauthnResponse = z.record(z.string(), z.unknown());
const code = z.string().min(1).max(40);

export const totpEnrolmentBody = z.object({ label }).strict();
export const confirmTotpBody = z.object({ code }).strict();
export const registerPasskeyBody = z.object({ label, response: webauthnResponse }).strict();
export const verifySessionBody = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code }).strict(),
  z.object({ method: z.literal('recovery_code'), code }).strict(),
  z.object({ method: z.literal('passkey'), response: webauthnResponse }).strict(),
]);

const viewerOf = (req: Request): FactorViewer => {
  const auth = authOf(req);
  return {
    user: auth.user,
    sessionId: auth.sessionId,
    address: ipKeyGenerator(req.ip ?? 'unknown'),
  };
};

// Route-level middleware hides Express's path typing: a missing param is a miss, not a crash.
const param = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Second factors (issue 14; contract: `@payouts/contracts` staffIdentity.ts): one's own under
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
  const own = requirePermission('session:read');
  const admin = requirePermission('users:manage');

  router.get('/me/factors', own, async (req, res) => {
    res.json((await factorsService.list(viewerOf(req))) satisfies FactorsDto);
  });
  router.post('/me/factors/totp', own, async (req, res) => {
    const body = parseInput(totpEnrolmentBody, req.body);
    const enrolment = await factorsService.enrolTotp(viewerOf(req), body);
    res.status(201).json(enrolment satisfies TotpEnrolmentDto);
  });
  router.post('/me/factors/totp/:id/confirm', own, async (req, res) => {
    const body = parseInput(confirmTotpBody, req.body);
    const result = await factorsService.confirmTotp(
      viewerOf(req),
      param(req.params.id),
      body.code,
      auditContextOf(req),
    );
    res.json(result satisfies FactorEnrolledDto);
  });
  router.post('/me/factors/passkeys/options', own, async (req, res) => {
    parseInput(emptyBody, req.body);
    res.json(await factorsService.passkeyRegistrationOptions(viewerOf(req)));
  });
  router.post('/me/factors/passkeys', own, async (req, res) => {
    const body = parseInput(registerPasskeyBody, req.body);
    const result = await factorsService.registerPasskey(viewerOf(req), body, auditContextOf(req));
    res.status(201).json(result satisfies FactorEnrolledDto);
  });
  router.delete('/me/factors/:id', own, async (req, res) => {
    stepUp.check(authOf(req));
    await factorsService.remove(viewerOf(req), param(req.params.id), auditContextOf(req));
    res.status(204).end();
  });
  router.post('/me/recovery-codes', own, async (req, res) => {
    parseInput(emptyBody, req.body);
    stepUp.check(authOf(req));
    const codes = await factorsService.regenerateRecoveryCodes(viewerOf(req), auditContextOf(req));
    res.json(codes satisfies RecoveryCodesDto);
  });

  router.post('/session/verify/options', own, async (req, res) => {
    parseInput(emptyBody, req.body);
    res.json(await factorsService.verificationOptions(viewerOf(req)));
  });
  router.post('/session/verify', own, async (req, res) => {
    const body = parseInput(verifySessionBody, req.body);
    const reply = await factorsService.verify(viewerOf(req), body, auditContextOf(req));
    res.json(reply satisfies SessionReply);
  });

  router.post('/users/:id/factors/reset', admin, async (req, res) => {
    parseInput(emptyBody, req.body);
    stepUp.check(authOf(req));
    const id = param(req.params.id);
    const { user } = authOf(req);
    if (id === user.id) {
      await factorsService.reset(id, auditContextOf(req));
      res.status(204).end();
      return;
    }
    res.status(202).json(await proposeFactorReset(id, user, auditContextOf(req)));
  });
  return router;
}
