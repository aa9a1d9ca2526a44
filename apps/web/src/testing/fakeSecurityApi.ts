import type {
  UserChangeDto,
  AuthOptionsDto,
  FactorDto,
  FactorEnrolledDto,
  FactorLockDto,
  SessionReply,
  SessionSecurityDto,
  SessionUser,
  TotpEnrolmentDto,
  VerifySecondFactorBody,
} from '@payouts/contracts';
import { ApiError } from '../api/ApiError.js';
import type { SecurityApi } from '../features/secondFactor/securityApi.js';

/** The code the fake authenticator app and the fake's TOTP factors accept. */
export const GOOD_TOTP_CODE = '123456';
export const GOOD_RECOVERY_CODE = 'abcd-efgh';
export const FAKE_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
export const FAKE_RECOVERY_CODES = Array.from(
  { length: 10 },
  (_, i) => `code-${String(i + 1).padStart(2, '0')}`,
);

export interface FakeSecurityOptions {
  /** The session's second-factor state (default: `not_required`, no factors). */
  security?: Partial<SessionSecurityDto>;
  authOptions?: AuthOptionsDto;
  factors?: FactorDto[];
  factorLocks?: FactorLockDto[];
  factorsRequired?: boolean;
  recoveryCodesLeft?: number;
  /** Overrides the default verify (which takes GOOD_TOTP_CODE, GOOD_RECOVERY_CODE, any passkey). */
  verify?: (body: VerifySecondFactorBody) => Promise<SessionReply>;
  resetUserFactors?: (userId: string) => Promise<UserChangeDto | undefined>;
  removeFactor?: (id: string) => Promise<void>;
}

export interface FakeSecurityCalls {
  verify: VerifySecondFactorBody[];
  verifyOptions: number;
  startTotp: (string | undefined)[];
  confirmTotp: { id: string; code: string }[];
  passkeyOptions: number;
  addPasskey: { label: string | undefined; response: Record<string, unknown> }[];
  removeFactor: string[];
  newRecoveryCodes: number;
  resetUserFactors: string[];
}

export function emptySecurityCalls(): FakeSecurityCalls {
  return {
    verify: [],
    verifyOptions: 0,
    startTotp: [],
    confirmTotp: [],
    passkeyOptions: 0,
    addPasskey: [],
    removeFactor: [],
    newRecoveryCodes: 0,
    resetUserFactors: [],
  };
}

export function buildFactor(overrides: Partial<FactorDto> = {}): FactorDto {
  return {
    id: 'f_1',
    kind: 'totp',
    label: 'Work phone',
    created_at: '2026-11-20T09:00:00.000Z',
    last_used_at: '2026-11-24T08:00:00.000Z',
    ...overrides,
  };
}

function problem(
  code: 'invalid_code' | 'not_found',
  status: number,
  message: string,
  extensions: Record<string, unknown> = {},
): ApiError {
  return new ApiError(code, message, { status, requestId: 'req_test', extensions });
}

export const NO_SECOND_FACTOR: SessionSecurityDto = {
  auth_method: 'password',
  second_factor: 'not_required',
  methods: [],
  step_up: false,
  step_up_until: null,
  step_up_minutes: 10,
};

/**
 * Second factors as the BFF keeps them, in memory: a wrong code is 422 `invalid_code` with
 * `attempts_left`; the first confirmed factor comes with recovery codes; enrolling or verifying
 * makes the session `satisfied`.
 */
export function createFakeSecurityApi(
  options: FakeSecurityOptions,
  calls: FakeSecurityCalls,
  session: {
    user: () => SessionUser | null;
    security: () => SessionSecurityDto;
    setSecurity: (security: SessionSecurityDto) => void;
  },
): SecurityApi {
  let factors = [...(options.factors ?? [])];
  let pendingTotp: TotpEnrolmentDto | null = null;
  let attemptsLeft = 5;
  let recoveryLeft = options.recoveryCodesLeft ?? (factors.length > 0 ? 10 : 0);
  const satisfy = (): SessionReply => {
    const user = session.user();
    if (!user) throw new ApiError('unauthenticated', 'Sign in.', { status: 401 });
    session.setSecurity({
      ...session.security(),
      second_factor: 'satisfied',
      step_up: true,
      methods: [...new Set([...factors.map((f) => f.kind), 'recovery_code' as const])],
      step_up_until: '2026-11-25T12:10:00.000Z',
    });
    return { user, security: session.security() };
  };
  const enrolled = (factor: FactorDto): FactorEnrolledDto => {
    const first = factors.length === 0;
    factors = [...factors, factor];
    if (first) recoveryLeft = FAKE_RECOVERY_CODES.length;
    satisfy();
    return first ? { factor, recovery_codes: [...FAKE_RECOVERY_CODES] } : { factor };
  };
  return {
    authOptions: () =>
      Promise.resolve(options.authOptions ?? { password: 'on', oidc: null, demo_mailbox: false }),
    factors: () =>
      Promise.resolve({
        items: factors,
        recovery_codes_left: recoveryLeft,
        required: options.factorsRequired ?? false,
        locks: options.factorLocks ?? [],
      }),
    startTotp: (label) => {
      calls.startTotp.push(label);
      pendingTotp = {
        id: `f_totp_${factors.length + 1}`,
        secret: FAKE_TOTP_SECRET,
        otpauth_url: `otpauth://totp/Payouts:fin%40example.com?secret=${FAKE_TOTP_SECRET}&issuer=Payouts`,
      };
      return Promise.resolve(pendingTotp);
    },
    confirmTotp: async (id, code) => {
      calls.confirmTotp.push({ id, code });
      await Promise.resolve();
      if (!pendingTotp || pendingTotp.id !== id) throw problem('not_found', 404, 'No such factor.');
      if (code !== GOOD_TOTP_CODE) {
        throw problem('invalid_code', 422, 'The code is not valid', { attempts_left: 4 });
      }
      pendingTotp = null;
      return enrolled(
        buildFactor({ id, kind: 'totp', label: 'Authenticator app', last_used_at: null }),
      );
    },
    passkeyRegistrationOptions: () => {
      calls.passkeyOptions += 1;
      return Promise.resolve({
        challenge: 'Y2hhbGxlbmdl',
        rp: { name: 'Payouts', id: 'localhost' },
        user: { id: 'dV8x', name: 'fin@example.com', displayName: 'Fiona Finance' },
        pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      });
    },
    addPasskey: async (label, response) => {
      calls.addPasskey.push({ label, response });
      await Promise.resolve();
      return enrolled(
        buildFactor({
          id: `f_pk_${factors.length + 1}`,
          kind: 'passkey',
          label: label ?? 'Passkey',
          last_used_at: null,
        }),
      );
    },
    removeFactor: async (id) => {
      calls.removeFactor.push(id);
      if (options.removeFactor) return options.removeFactor(id);
      await Promise.resolve();
      if (!factors.some((f) => f.id === id)) throw problem('not_found', 404, 'No such factor.');
      factors = factors.filter((f) => f.id !== id);
    },
    newRecoveryCodes: () => {
      calls.newRecoveryCodes += 1;
      recoveryLeft = 10;
      return Promise.resolve({ codes: FAKE_RECOVERY_CODES.map((c) => `new-${c}`) });
    },
    verifyOptions: () => {
      calls.verifyOptions += 1;
      return Promise.resolve({ challenge: 'Y2hhbGxlbmdl', rpId: 'localhost' });
    },
    verify: async (body) => {
      calls.verify.push(body);
      if (options.verify) {
        const reply = await options.verify(body);
        session.setSecurity(reply.security);
        return reply;
      }
      await Promise.resolve();
      const good =
        body.method === 'passkey' ||
        (body.method === 'totp' && body.code === GOOD_TOTP_CODE) ||
        (body.method === 'recovery_code' && body.code === GOOD_RECOVERY_CODE);
      if (!good) {
        attemptsLeft -= 1;
        throw problem('invalid_code', 422, 'The code is not valid', {
          attempts_left: attemptsLeft,
        });
      }
      return satisfy();
    },
    resetUserFactors: async (userId) => {
      calls.resetUserFactors.push(userId);
      if (options.resetUserFactors) return options.resetUserFactors(userId);
      await Promise.resolve();
      return undefined;
    },
  };
}
