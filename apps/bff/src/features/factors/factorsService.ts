import {
  RECOVERY_CODE_COUNT,
  UUID_RE,
  type FactorDto,
  type FactorEnrolledDto,
  type FactorsDto,
  type RecoveryCodesDto,
  type Role,
  type SessionReply,
  type TotpEnrolmentDto,
} from '@payouts/contracts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { SessionUser } from '../../shared/identity.js';
import type { SealedBox } from '../../shared/sealedBox.js';
import type { AuditContext, AuditEntry, AuditService } from '../audit/index.js';
import type { Logger } from 'pino';
import type { SessionService, SignInDelays } from '../session/index.js';
import { FACTOR_LOCKOUT_POLICY, lockedUntil, type LockoutPolicy } from './factorLockout.js';
import type { FactorRow, FactorsRepository } from './factorsRepository.js';
import { createCodeGuesses, guessScope, userTarget } from './codeGuesses.js';
import { createFactorVerification, credentialOf } from './factorVerification.js';
import type { Passkeys } from './passkeys.js';
import { newRecoveryCodes, type RecoveryCodeHasher } from './recoveryCodes.js';
import { newTotpSecret, verifyTotp } from './totp.js';

/**
 * Who asks: the signed-in user, the raw id of the session they asked with, and the address they
 * asked from (as the sign-in throttle keys it).
 */
export interface FactorViewer {
  user: SessionUser;
  sessionId: string;
  address: string;
}

/** What the user is told of an enrolment (`staffNotifier.factorEnrolled`). */
export interface EnrolmentNotice {
  userId: string;
  factorId: string | undefined;
  what: 'totp' | 'passkey' | 'recovery_codes';
  label: string | undefined;
  at: Date;
  address: string | null;
}

/**
 * What the factor rules need of the session core: record a verified factor on the current
 * session (its cached lookup forgotten, audit rows in the same transaction), and its reply.
 */
export type SecondFactorSessions = Pick<SessionService, 'recordSecondFactor' | 'reply'>;

export type VerifyInput =
  | { method: 'totp'; code: string }
  | { method: 'recovery_code'; code: string }
  | { method: 'passkey'; response: Record<string, unknown> };

export interface FactorsService {
  list(viewer: FactorViewer): Promise<FactorsDto>;
  enrolTotp(viewer: FactorViewer, input: { label?: string | undefined }): Promise<TotpEnrolmentDto>;
  confirmTotp(
    viewer: FactorViewer,
    id: string,
    code: string,
    context: AuditContext,
  ): Promise<FactorEnrolledDto>;
  passkeyRegistrationOptions(viewer: FactorViewer): Promise<PublicKeyCredentialCreationOptionsJSON>;
  registerPasskey(
    viewer: FactorViewer,
    input: { label?: string | undefined; response: Record<string, unknown> },
    context: AuditContext,
  ): Promise<FactorEnrolledDto>;
  remove(viewer: FactorViewer, id: string, context: AuditContext): Promise<void>;
  regenerateRecoveryCodes(viewer: FactorViewer, context: AuditContext): Promise<RecoveryCodesDto>;
  /** An admin's reset of `userId`'s factors: they enrol again; their sessions end. */
  reset(userId: string, context: AuditContext): Promise<void>;
  verificationOptions(viewer: FactorViewer): Promise<PublicKeyCredentialRequestOptionsJSON>;
  verify(viewer: FactorViewer, input: VerifyInput, context: AuditContext): Promise<SessionReply>;
}

/** A WebAuthn challenge is good for one ceremony, for 5 minutes. */
export const WEBAUTHN_CHALLENGE_MS = 5 * 60_000;

/** How long a TOTP enrolment waits for its first code. */
export const TOTP_ENROLMENT_MS = 15 * 60_000;

const DEFAULT_LABELS = { totp: 'Authenticator app', passkey: 'Passkey' } as const;

const toDto = (row: FactorRow): FactorDto => ({
  id: row.id,
  kind: row.kind,
  label: row.label,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

export function createFactorsService({
  repo,
  passkeys,
  sealedBox,
  recoveryCodeHasher,
  auditService,
  clock,
  sessions,
  sessionKey,
  forgetUserSessions,
  mfaRequiredRoles,
  stepUpMs,
  accountDelays,
  tellUser,
  logger,
  lockoutPolicy = FACTOR_LOCKOUT_POLICY,
}: {
  repo: FactorsRepository;
  passkeys: Passkeys;
  /** Seals TOTP secrets at rest, bound to their factor's id. */
  sealedBox: SealedBox;
  recoveryCodeHasher: RecoveryCodeHasher;
  auditService: AuditService;
  clock: Clock;
  sessions: SecondFactorSessions;
  /** The stored key of a raw session id (sessionService.ts `sessionKey`). */
  sessionKey: (sessionId: string) => string;
  /**
   * Drops the user's cached session lookups: they carry the user's factor kinds and codes left,
   * and a reset ends the sessions in the database.
   */
  forgetUserSessions: (userId: string) => void;
  mfaRequiredRoles: readonly Role[];
  /** STEP_UP_MINUTES: how fresh the existing factor's check must be to enrol another. */
  stepUpMs: number;
  /**
   * Growing delays on wrong codes per account, from every session and address together, as
   * sign-in has per account: past an allowance, one guess per delay, never a lock.
   */
  accountDelays: SignInDelays;
  /** Tells the user (bell, and e-mail at once) that a factor or recovery codes were added. */
  tellUser: (enrolment: EnrolmentNotice) => Promise<unknown>;
  logger: Logger;
  lockoutPolicy?: LockoutPolicy;
}): FactorsService {
  const confirmed = async (userId: string) =>
    (await repo.listForUser(userId)).filter((row) => row.confirmedAt !== null);

  /**
   * A session that has not verified the user's existing factor may not add one: otherwise a
   * stolen password would enrol its own authenticator and pass as the second factor. And the
   * check must be fresh (a step-up, STEP_UP_MINUTES): a stolen session whose check lapsed
   * cannot add its own factor either (decision 042).
   */
  async function assertMayEnrol(viewer: FactorViewer): Promise<void> {
    const existing = await confirmed(viewer.user.id);
    if (existing.length === 0) return;
    const session = await repo.session(sessionKey(viewer.sessionId));
    if (session?.secondFactorAt == null) {
      throw new AppError('second_factor_required', 'Verify your second factor first.', {
        extensions: { second_factor: 'verify' },
      });
    }
    const age = clock.now().getTime() - session.secondFactorAt.getTime();
    if (age < 0 || age >= stepUpMs) {
      throw new AppError(
        'step_up_required',
        'Confirm it is you with a second factor you already have before adding another.',
        { extensions: { methods: [...new Set(existing.map((f) => f.kind))] } },
      );
    }
  }

  function issueRecoveryCodes(userId: string): { codes: string[]; hashes: string[] } {
    const codes = newRecoveryCodes();
    return { codes, hashes: codes.map((code) => recoveryCodeHasher.hash(userId, code)) };
  }

  /**
   * Told after the change is stored: the enrolment stands even if telling fails (it is audited,
   * and the Security page lists the factor), so a failure is logged, not answered.
   */
  async function tell(notice: EnrolmentNotice): Promise<void> {
    try {
      await tellUser(notice);
    } catch (error) {
      logger.error({ err: error, userId: notice.userId }, 'enrolment notice not stored');
    }
  }

  async function enrolled(
    viewer: FactorViewer,
    row: FactorRow | undefined,
    codes: string[] | undefined,
    context: AuditContext,
  ): Promise<FactorEnrolledDto> {
    // The user's factors changed: every session of theirs reads its second-factor state again.
    forgetUserSessions(viewer.user.id);
    if (!row) throw new AppError('not_found', 'No such factor.');
    await tell({
      userId: viewer.user.id,
      factorId: row.id,
      what: row.kind,
      label: row.label,
      at: clock.now(),
      address: context.ip,
    });
    // Proving the new factor is a fresh second factor: the user is not asked again at once.
    await sessions.recordSecondFactor(viewer.sessionId, row.kind, [], { enrolled: true });
    return { factor: toDto(row), ...(codes ? { recovery_codes: codes } : {}) };
  }

  const enrolmentAudit =
    (viewer: FactorViewer, context: AuditContext, factor: { id: string; kind: string }) =>
    (isFirst: boolean) => [
      auditService.row(context, {
        action: 'factor.enrolled',
        target: userTarget(viewer),
        data: { factor_id: factor.id, kind: factor.kind, first: isFirst },
      }),
      ...(isFirst
        ? [
            auditService.row(context, {
              action: 'factor.recovery_codes_generated',
              target: userTarget(viewer),
              data: { count: RECOVERY_CODE_COUNT },
            }),
          ]
        : []),
    ];

  const verification = createFactorVerification({
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
    guesses: createCodeGuesses({
      repo,
      auditService,
      clock,
      accountDelays,
      lockoutPolicy,
      sessionKey,
    }),
  });

  return {
    async list(viewer) {
      const now = clock.now();
      const [rows, codes, failures, enrolmentRequired] = await Promise.all([
        confirmed(viewer.user.id),
        repo.unusedRecoveryCodes(viewer.user.id),
        repo.failures(viewer.user.id, guessScope(sessionKey, viewer)),
        repo.userEnrolmentRequired(viewer.user.id),
      ]);
      return {
        items: rows.map(toDto),
        recovery_codes_left: codes.length,
        required: mfaRequiredRoles.includes(viewer.user.role) || enrolmentRequired === true,
        locks: failures.flatMap((f) => {
          const until = lockedUntil(f, now);
          return until ? [{ method: f.method, locked_until: until.toISOString() }] : [];
        }),
      };
    },

    async enrolTotp(viewer, input) {
      await assertMayEnrol(viewer);
      const id = crypto.randomUUID();
      const { secret, otpauthUrl } = newTotpSecret(viewer.user.email);
      await repo.insertUnconfirmedTotp({
        id,
        userId: viewer.user.id,
        kind: 'totp',
        label: input.label ?? DEFAULT_LABELS.totp,
        totpSecret: sealedBox.seal(secret, id),
        createdAt: clock.now(),
      });
      return { id, secret, otpauth_url: otpauthUrl };
    },

    async confirmTotp(viewer, id, code, context) {
      if (!UUID_RE.test(id)) throw new AppError('not_found', 'No such factor.');
      const row = await repo.find(viewer.user.id, id);
      const now = clock.now();
      if (
        !row ||
        row.kind !== 'totp' ||
        row.confirmedAt !== null ||
        // A secret shown long ago may have been seen by others since: start again.
        now.getTime() - row.createdAt.getTime() > TOTP_ENROLMENT_MS
      ) {
        throw new AppError('not_found', 'No such factor waiting for its first code.');
      }
      await assertMayEnrol(viewer);
      const secret = row.totpSecret ? sealedBox.open(row.totpSecret, row.id) : undefined;
      const step = secret === undefined ? undefined : await verifyTotp(secret, code, now, null);
      if (step === undefined) {
        // The user's own new authenticator, not a guess at an existing factor: not counted.
        throw new AppError('invalid_code', 'The code is not valid: check the app’s clock.');
      }
      // Made before the transaction, kept only when this is the user's first factor.
      const issued = issueRecoveryCodes(viewer.user.id);
      const done = await repo.enrol(
        { kind: 'totp', userId: viewer.user.id, id, step, at: now },
        issued.hashes,
        enrolmentAudit(viewer, context, row),
      );
      return enrolled(
        viewer,
        done ? { ...row, confirmedAt: now, lastUsedAt: now } : undefined,
        done?.isFirst ? issued.codes : undefined,
        context,
      );
    },

    async passkeyRegistrationOptions(viewer) {
      await assertMayEnrol(viewer);
      const existing = (await confirmed(viewer.user.id))
        .filter((f) => f.kind === 'passkey')
        .map(credentialOf);
      const options = await passkeys.registrationOptions(viewer.user, existing);
      await repo.setChallenge(
        sessionKey(viewer.sessionId),
        options.challenge,
        new Date(clock.now().getTime() + WEBAUTHN_CHALLENGE_MS),
      );
      return options;
    },

    async registerPasskey(viewer, input, context) {
      await assertMayEnrol(viewer);
      const now = clock.now();
      const challenge = await repo.takeChallenge(sessionKey(viewer.sessionId), now);
      if (challenge === undefined) {
        throw new AppError('conflict', 'The passkey request expired: start again.');
      }
      const credential = await passkeys.verifyRegistration(input.response, challenge);
      if (!credential) throw new AppError('invalid_code', 'The passkey could not be verified.');
      const id = crypto.randomUUID();
      const row: FactorRow = {
        id,
        userId: viewer.user.id,
        kind: 'passkey',
        label: input.label ?? DEFAULT_LABELS.passkey,
        totpSecret: null,
        totpLastStep: null,
        credentialId: credential.credentialId,
        publicKey: credential.publicKey,
        signCount: credential.signCount,
        transports: credential.transports,
        confirmedAt: now,
        createdAt: now,
        lastUsedAt: now,
      };
      const issued = issueRecoveryCodes(viewer.user.id);
      let done: { isFirst: boolean } | undefined;
      try {
        done = await repo.enrol(
          { kind: 'passkey', row },
          issued.hashes,
          enrolmentAudit(viewer, context, row),
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError('conflict', 'This passkey is already registered.');
        }
        throw error;
      }
      return enrolled(viewer, row, done?.isFirst ? issued.codes : undefined, context);
    },

    async remove(viewer, id, context) {
      if (!UUID_RE.test(id)) throw new AppError('not_found', 'No such factor.');
      const gone = await repo.remove(viewer.user.id, id, (row) => [
        auditService.row(context, {
          action: 'factor.removed',
          target: userTarget(viewer),
          data: { factor_id: row.id, kind: row.kind, confirmed: row.confirmedAt !== null },
        }),
      ]);
      if (!gone) throw new AppError('not_found', 'No such factor.');
      forgetUserSessions(viewer.user.id);
    },

    async regenerateRecoveryCodes(viewer, context) {
      if ((await confirmed(viewer.user.id)).length === 0) {
        throw new AppError('conflict', 'Set up a second factor first.');
      }
      const issued = issueRecoveryCodes(viewer.user.id);
      const at = clock.now();
      await repo.replaceRecoveryCodes(viewer.user.id, issued.hashes, at, [
        auditService.row(context, {
          action: 'factor.recovery_codes_generated',
          target: userTarget(viewer),
          data: { count: issued.codes.length },
        }),
      ]);
      forgetUserSessions(viewer.user.id);
      await tell({
        userId: viewer.user.id,
        factorId: undefined,
        what: 'recovery_codes',
        label: undefined,
        at,
        address: context.ip,
      });
      return { codes: issued.codes };
    },

    async reset(userId, context) {
      if (!UUID_RE.test(userId)) throw new AppError('not_found', 'No such user.');
      forgetUserSessions(userId);
      let counts: { factors: number; sessions: number } | undefined;
      try {
        counts = await repo.resetUser(userId, (c) => [
          auditService.row(context, {
            action: 'factor.reset',
            target: { type: 'user', id: userId },
            data: { factors: c.factors, sessions_ended: c.sessions },
          } satisfies AuditEntry),
        ]);
      } finally {
        // Again after the commit: a lookup that overlapped the delete is not kept.
        forgetUserSessions(userId);
      }
      if (!counts) throw new AppError('not_found', 'No such user.');
    },

    async verificationOptions(viewer) {
      const credentials = (await confirmed(viewer.user.id))
        .filter((f) => f.kind === 'passkey')
        .map(credentialOf);
      if (credentials.length === 0) {
        throw new AppError('conflict', 'No passkey is set up for this account.');
      }
      const options = await passkeys.authenticationOptions(credentials);
      await repo.setChallenge(
        sessionKey(viewer.sessionId),
        options.challenge,
        new Date(clock.now().getTime() + WEBAUTHN_CHALLENGE_MS),
      );
      return options;
    },

    async verify(viewer, input, context) {
      switch (input.method) {
        case 'totp':
          return verification.totp(viewer, input.code, context);
        case 'recovery_code':
          return verification.recoveryCode(viewer, input.code, context);
        case 'passkey':
          return verification.passkey(viewer, input.response, context);
      }
    },
  };
}
