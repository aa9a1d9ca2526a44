import type {
  AuthMethod,
  Role,
  SecondFactorMethod,
  SecondFactorState,
  SessionSecurityDto,
} from '@payouts/contracts';

/** How a session last proved a second factor; `provider`: the OpenID provider's MFA, trusted. */
export type VerifiedBy = SecondFactorMethod | 'provider';

/** What a session's second factor allows, worked out at every request (docs/decisions/020). */
export interface SessionSecurity {
  authMethod: AuthMethod;
  secondFactor: SecondFactorState;
  methods: SecondFactorMethod[];
  /** Step-up routes ask for a fresh factor of this user (they have one, or must). */
  stepUp: boolean;
  /** The last factor verified in this session. */
  secondFactorAt: Date | null;
  /** When a factor was last enrolled in this session (none: null). */
  factorEnrolledAt: Date | null;
}

export interface SecuritySettings {
  /** MFA_REQUIRED_ROLES. */
  requiredRoles: readonly Role[];
  /** STEP_UP_MINUTES in milliseconds. */
  stepUpMs: number;
}

/** The facts `sessionSecurity` reads, as the session lookup carries them. */
export interface SecurityFacts {
  role: Role;
  authMethod: AuthMethod;
  secondFactorAt: Date | null;
  secondFactorMethod: VerifiedBy | null;
  factorEnrolledAt?: Date | null;
  /** An admin reset the user's factors: enrol again whatever the role. */
  enrolmentRequired: boolean;
  /** Kinds of the user's confirmed factors. */
  factorKinds: readonly ('totp' | 'passkey')[];
  recoveryCodesLeft: number;
}

/**
 * - A session the provider's trusted MFA signed in is `satisfied`, factors or not.
 * - No factor: `enrol` when the role (or an admin's reset) requires one, else `not_required`.
 * - Factors: `satisfied` once one was verified in this session, else `verify`.
 */
export function sessionSecurity(facts: SecurityFacts, settings: SecuritySettings): SessionSecurity {
  const hasFactor = facts.factorKinds.length > 0;
  const mustHave = facts.enrolmentRequired || settings.requiredRoles.includes(facts.role);
  let secondFactor: SecondFactorState;
  if (facts.secondFactorMethod === 'provider' && facts.secondFactorAt !== null) {
    secondFactor = 'satisfied';
  } else if (!hasFactor) {
    secondFactor = mustHave ? 'enrol' : 'not_required';
  } else {
    secondFactor = facts.secondFactorAt === null ? 'verify' : 'satisfied';
  }
  const methods: SecondFactorMethod[] = [];
  if (facts.factorKinds.includes('totp')) methods.push('totp');
  if (facts.factorKinds.includes('passkey')) methods.push('passkey');
  if (hasFactor && facts.recoveryCodesLeft > 0) methods.push('recovery_code');
  return {
    authMethod: facts.authMethod,
    secondFactor,
    methods,
    stepUp: hasFactor || mustHave,
    secondFactorAt: facts.secondFactorAt,
    factorEnrolledAt: facts.factorEnrolledAt ?? null,
  };
}

/**
 * A factor enrolled in this session counts for step-up only STEP_UP_MINUTES after its
 * enrolment (decision 042): a stolen session that adds its own authenticator does not approve
 * with it at once. Until when; null when no such wait applies.
 */
export function stepUpWaitUntil(
  security: SessionSecurity,
  stepUpMs: number,
  now: Date,
): Date | null {
  if (!security.stepUp || security.factorEnrolledAt === null) return null;
  const until = new Date(security.factorEnrolledAt.getTime() + stepUpMs);
  return until.getTime() > now.getTime() ? until : null;
}

/** Whether a step-up route may run now without asking for a factor again. */
export function stepUpFresh(security: SessionSecurity, stepUpMs: number, now: Date): boolean {
  if (!security.stepUp) return true;
  if (security.secondFactor !== 'satisfied' || security.secondFactorAt === null) return false;
  const age = now.getTime() - security.secondFactorAt.getTime();
  return age >= 0 && age < stepUpMs;
}

export function toSecurityDto(
  security: SessionSecurity,
  stepUpMs: number,
  now: Date,
): SessionSecurityDto {
  const until =
    security.stepUp && security.secondFactorAt !== null && stepUpFresh(security, stepUpMs, now)
      ? new Date(security.secondFactorAt.getTime() + stepUpMs).toISOString()
      : null;
  return {
    auth_method: security.authMethod,
    second_factor: security.secondFactor,
    methods: security.methods,
    step_up: security.stepUp,
    step_up_until: until,
    step_up_minutes: Math.round((stepUpMs / 60_000) * 100) / 100,
  };
}
