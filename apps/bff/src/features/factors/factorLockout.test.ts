import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../testing/testClock.js';
import { countFailure, lockedUntil, type FailureState } from './factorLockout.js';

describe('factor lockout', () => {
  it('locks TOTP for 5 minutes at the fifth wrong code, then gives five tries again', () => {
    const clock = createTestClock();
    let state: FailureState | undefined;
    const left: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const outcome = countFailure(state, 'totp', clock.now());
      expect(outcome.lockedUntil).toBeUndefined();
      left.push(outcome.attemptsLeft);
      state = outcome.next;
      clock.advance(1_000);
    }
    expect(left).toEqual([4, 3, 2, 1]);
    const fifth = countFailure(state, 'totp', clock.now());
    expect(fifth.attemptsLeft).toBe(0);
    expect(fifth.lockedUntil?.getTime()).toBe(clock.now().getTime() + 5 * 60_000);
    state = fifth.next;

    clock.advance(5 * 60_000 - 1);
    expect(lockedUntil(state, clock.now())).toEqual(fifth.lockedUntil);
    clock.advance(1);
    expect(lockedUntil(state, clock.now())).toBeUndefined();
    // The lock has run out: a fresh count.
    expect(countFailure(state, 'totp', clock.now()).attemptsLeft).toBe(4);
  });

  it('locks recovery codes for 15 minutes', () => {
    const clock = createTestClock();
    let state: FailureState | undefined;
    let outcome = countFailure(state, 'recovery_code', clock.now());
    for (let i = 1; i < 5; i += 1) {
      state = outcome.next;
      outcome = countFailure(state, 'recovery_code', clock.now());
    }
    expect(outcome.lockedUntil?.getTime()).toBe(clock.now().getTime() + 15 * 60_000);
    clock.advance(14 * 60_000);
    expect(lockedUntil(outcome.next, clock.now())).toBeDefined();
    clock.advance(60_000);
    expect(lockedUntil(outcome.next, clock.now())).toBeUndefined();
  });

  it('is not locked without a row, or with failures but no lock', () => {
    const now = createTestClock().now();
    expect(lockedUntil(undefined, now)).toBeUndefined();
    expect(lockedUntil({ failures: 4, lockedUntil: null }, now)).toBeUndefined();
  });
});
