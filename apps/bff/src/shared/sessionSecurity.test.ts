import { describe, expect, it } from 'vitest';
import {
  sessionSecurity,
  stepUpFresh,
  toSecurityDto,
  type SecurityFacts,
  type SecuritySettings,
} from './sessionSecurity.js';

const at = new Date('2026-11-25T12:00:00Z');
const settings: SecuritySettings = { requiredRoles: ['finance', 'admin'], stepUpMs: 300_000 };
const facts = (over: Partial<SecurityFacts> = {}): SecurityFacts => ({
  role: 'finance',
  authMethod: 'password',
  secondFactorAt: null,
  secondFactorMethod: null,
  enrolmentRequired: false,
  factorKinds: [],
  recoveryCodesLeft: 0,
  ...over,
});

describe('sessionSecurity', () => {
  it('asks a required role without a factor to enrol, and another role nothing', () => {
    expect(sessionSecurity(facts(), settings)).toMatchObject({
      secondFactor: 'enrol',
      stepUp: true,
    });
    expect(sessionSecurity(facts({ role: 'support' }), settings)).toMatchObject({
      secondFactor: 'not_required',
      stepUp: false,
      methods: [],
    });
  });

  it("asks anyone an admin's reset flagged to enrol, whatever the role", () => {
    expect(
      sessionSecurity(facts({ role: 'support', enrolmentRequired: true }), settings).secondFactor,
    ).toBe('enrol');
  });

  it('asks a user with factors to verify one, then is satisfied; recovery codes count only beside a factor', () => {
    const withKey = facts({
      role: 'support',
      factorKinds: ['passkey', 'totp'],
      recoveryCodesLeft: 3,
    });
    expect(sessionSecurity(withKey, settings)).toMatchObject({
      secondFactor: 'verify',
      methods: ['totp', 'passkey', 'recovery_code'],
      stepUp: true,
    });
    expect(
      sessionSecurity({ ...withKey, secondFactorAt: at, secondFactorMethod: 'totp' }, settings)
        .secondFactor,
    ).toBe('satisfied');
    expect(sessionSecurity(facts({ recoveryCodesLeft: 5 }), settings).methods).toEqual([]);
  });

  it("takes the provider's trusted MFA as satisfied, without a factor of its own", () => {
    expect(
      sessionSecurity(
        facts({ authMethod: 'oidc', secondFactorAt: at, secondFactorMethod: 'provider' }),
        settings,
      ),
    ).toMatchObject({ secondFactor: 'satisfied', stepUp: true, methods: [] });
  });

  it('keeps step-up fresh for STEP_UP_MINUTES after the last factor, and not a moment more', () => {
    const s = sessionSecurity(
      facts({ factorKinds: ['totp'], secondFactorAt: at, secondFactorMethod: 'totp' }),
      settings,
    );
    expect(stepUpFresh(s, 300_000, new Date(at.getTime() + 299_999))).toBe(true);
    expect(stepUpFresh(s, 300_000, new Date(at.getTime() + 300_000))).toBe(false);
    // A clock that went backwards is not a fresh factor.
    expect(stepUpFresh(s, 300_000, new Date(at.getTime() - 1))).toBe(false);
    expect(toSecurityDto(s, 300_000, at).step_up_until).toBe('2026-11-25T12:05:00.000Z');
    expect(toSecurityDto(s, 300_000, new Date(at.getTime() + 300_000)).step_up_until).toBeNull();
    const none = sessionSecurity(facts({ role: 'support' }), settings);
    expect(stepUpFresh(none, 300_000, at)).toBe(true);
    expect(toSecurityDto(none, 300_000, at)).toEqual({
      auth_method: 'password',
      second_factor: 'not_required',
      methods: [],
      step_up: false,
      step_up_until: null,
      step_up_minutes: 5,
    });
  });
});
