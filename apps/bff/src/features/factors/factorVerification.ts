import type { SecondFactorMethod, SessionReply } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { SealedBox } from '../../shared/sealedBox.js';
import type { AuditContext, AuditService } from '../audit/index.js';
import { actorContext, userTarget, type createCodeGuesses } from './codeGuesses.js';
import type { FactorRow, FactorsRepository } from './factorsRepository.js';
import type { FactorViewer, SecondFactorSessions } from './factorsService.js';
import type { PasskeyCredential, Passkeys } from './passkeys.js';
import type { RecoveryCodeHasher } from './recoveryCodes.js';
import { verifyTotp } from './totp.js';

/** A stored passkey as the WebAuthn library checks it. */
export const credentialOf = (row: FactorRow): PasskeyCredential => ({
  credentialId: row.credentialId ?? '',
  publicKey: row.publicKey ?? '',
  signCount: row.signCount ?? 0,
  transports: row.transports ?? [],
});

/**
 * The second factor check of a signed-in session: a TOTP code, a recovery code or a passkey
 * assertion; a match marks the session verified (and audits it), a wrong code counts.
 */
export function createFactorVerification({
  repo,
  passkeys,
  sealedBox,
  recoveryCodeHasher,
  auditService,
  clock,
  sessions,
  sessionKey,
  forgetUserSessions,
  confirmed,
  guesses,
}: {
  repo: FactorsRepository;
  passkeys: Passkeys;
  sealedBox: SealedBox;
  recoveryCodeHasher: RecoveryCodeHasher;
  auditService: AuditService;
  clock: Clock;
  sessions: SecondFactorSessions;
  sessionKey: (sessionId: string) => string;
  forgetUserSessions: (userId: string) => void;
  /** The user's confirmed factors. */
  confirmed: (userId: string) => Promise<FactorRow[]>;
  guesses: ReturnType<typeof createCodeGuesses>;
}) {
  // Matched under the lock, then lost to a request using the same code at the same moment.
  const usedMeanwhile = () => new AppError('invalid_code', 'This code was just used.');

  async function verified(
    viewer: FactorViewer,
    method: SecondFactorMethod,
    context: AuditContext,
    data: Record<string, unknown> = {},
  ): Promise<SessionReply> {
    await sessions.recordSecondFactor(viewer.sessionId, method, [
      auditService.row(actorContext(viewer, context), {
        action: 'session.second_factor_verified',
        target: userTarget(viewer),
        data: { method, ...data },
      }),
    ]);
    const reply = await sessions.reply(viewer.sessionId);
    // Ended meanwhile (signed out elsewhere, an admin's reset).
    if (!reply) throw new AppError('unauthenticated', 'Sign in to continue.');
    return reply;
  }

  async function verifyTotpCode(
    viewer: FactorViewer,
    code: string,
    context: AuditContext,
  ): Promise<SessionReply> {
    const factors = (await confirmed(viewer.user.id)).filter((f) => f.kind === 'totp');
    if (factors.length === 0) {
      throw new AppError('conflict', 'No authenticator app is set up for this account.');
    }
    const now = clock.now();
    const match = await guesses.guess(viewer, 'totp', context, async () => {
      for (const factor of factors) {
        const secret = factor.totpSecret ? sealedBox.open(factor.totpSecret, factor.id) : undefined;
        if (secret === undefined) continue;
        const step = await verifyTotp(secret, code, now, factor.totpLastStep);
        if (step !== undefined) return { factor, step };
      }
      return undefined;
    });
    // Conditional: of two requests racing with one code, one gets it.
    if (!(await repo.useTotpStep(match.factor.id, match.step, now))) throw usedMeanwhile();
    return verified(viewer, 'totp', context, { factor_id: match.factor.id });
  }

  async function verifyRecoveryCode(
    viewer: FactorViewer,
    code: string,
    context: AuditContext,
  ): Promise<SessionReply> {
    if ((await confirmed(viewer.user.id)).length === 0) {
      throw new AppError('conflict', 'This account has no second factor.');
    }
    const userId = viewer.user.id;
    const codes = await repo.unusedRecoveryCodes(userId);
    const match = await guesses.guess(viewer, 'recovery_code', context, () =>
      // Every stored code is compared (constant time each): the time says nothing of which.
      Promise.resolve(codes.filter((c) => recoveryCodeHasher.matches(userId, code, c.codeHash))[0]),
    );
    if (!(await repo.useRecoveryCode(match.id, clock.now()))) throw usedMeanwhile();
    // One code fewer: the sessions' `methods` may change (the last code used).
    forgetUserSessions(userId);
    return verified(viewer, 'recovery_code', context, { codes_left: codes.length - 1 });
  }

  async function verifyPasskey(
    viewer: FactorViewer,
    response: Record<string, unknown>,
    context: AuditContext,
  ): Promise<SessionReply> {
    const passkeyFactors = (await confirmed(viewer.user.id)).filter((f) => f.kind === 'passkey');
    if (passkeyFactors.length === 0) {
      throw new AppError('conflict', 'No passkey is set up for this account.');
    }
    const now = clock.now();
    const challenge = await repo.takeChallenge(sessionKey(viewer.sessionId), now);
    const id = typeof response.id === 'string' ? response.id : '';
    const factor = passkeyFactors.find((f) => f.credentialId === id);
    const result =
      challenge !== undefined && factor
        ? await passkeys.verifyAuthentication(response, challenge, credentialOf(factor))
        : undefined;
    if (!factor || !result) {
      // A passkey cannot be guessed: a failed assertion is audited but locks nothing.
      const reason =
        challenge === undefined ? 'no_challenge' : !factor ? 'unknown_credential' : 'assertion';
      await auditService.record(actorContext(viewer, context), {
        action: 'factor.verify_failed',
        target: userTarget(viewer),
        data: { method: 'passkey', reason },
      });
      throw new AppError(
        'invalid_code',
        challenge === undefined
          ? 'The passkey request expired: try again.'
          : 'The passkey could not be verified.',
      );
    }
    await repo.usePasskey(factor.id, result.signCount, now);
    return verified(viewer, 'passkey', context, { factor_id: factor.id });
  }

  return { totp: verifyTotpCode, recoveryCode: verifyRecoveryCode, passkey: verifyPasskey };
}
