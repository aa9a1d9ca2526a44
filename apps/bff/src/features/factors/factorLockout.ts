import {
  FACTOR_MAX_FAILURES,
  RECOVERY_CODE_LOCK_MINUTES,
  TOTP_LOCK_MINUTES,
} from '@payouts/contracts';

/** The methods a wrong guess counts against. A passkey cannot be guessed: its failures do not. */
export type GuessableMethod = 'totp' | 'recovery_code';

/** A user's wrong codes for one method, as stored (`staff_factor_failures`). */
export interface FailureState {
  failures: number;
  lockedUntil: Date | null;
}

export interface LockoutPolicy {
  maxFailures: number;
  lockMs: Record<GuessableMethod, number>;
}

/**
 * 5 wrong codes lock TOTP for 5 minutes, recovery codes for 15, for the session and address that
 * guessed them: another session of the same user (the real one, from elsewhere) is not held back.
 */
export const FACTOR_LOCKOUT_POLICY: LockoutPolicy = {
  maxFailures: FACTOR_MAX_FAILURES,
  lockMs: {
    totp: TOTP_LOCK_MINUTES * 60_000,
    recovery_code: RECOVERY_CODE_LOCK_MINUTES * 60_000,
  },
};

/** Until when the method is locked, or undefined when it may be tried now. */
export function lockedUntil(state: FailureState | undefined, now: Date): Date | undefined {
  const until = state?.lockedUntil;
  return until && until.getTime() > now.getTime() ? until : undefined;
}

export interface FailureOutcome {
  /** What to store. */
  next: FailureState;
  /** Wrong codes left before the lock (0 when this one locked it). */
  attemptsLeft: number;
  /** Set when this failure locked the method. */
  lockedUntil: Date | undefined;
}

/**
 * One more wrong code. A lock that has run out starts a fresh count; the failure that reaches
 * the limit locks the method and resets the count, so after the lock the user has the full
 * number of tries again.
 */
export function countFailure(
  previous: FailureState | undefined,
  method: GuessableMethod,
  now: Date,
  policy: LockoutPolicy = FACTOR_LOCKOUT_POLICY,
): FailureOutcome {
  const expiredLock = previous?.lockedUntil != null && lockedUntil(previous, now) === undefined;
  const failures = (previous && !expiredLock ? previous.failures : 0) + 1;
  if (failures >= policy.maxFailures) {
    const until = new Date(now.getTime() + policy.lockMs[method]);
    return { next: { failures: 0, lockedUntil: until }, attemptsLeft: 0, lockedUntil: until };
  }
  return {
    next: { failures, lockedUntil: null },
    attemptsLeft: policy.maxFailures - failures,
    lockedUntil: undefined,
  };
}

/**
 * Wrong codes an account takes from all its sessions together before each further guess waits
 * (doubling from a second to SIGN_IN_MAX_DELAY_SECONDS): four sessions' worth of locks. The
 * per-session lock stops one guesser; this stops many sessions (one stolen password signed in
 * again and again, from many addresses) from guessing in parallel, without a lock anyone could
 * impose for longer than the longest delay.
 */
export const FACTOR_ACCOUNT_FREE_FAILURES = 4 * FACTOR_MAX_FAILURES;
