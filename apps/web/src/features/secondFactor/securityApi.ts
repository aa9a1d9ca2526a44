import type {
  AuthOptionsDto,
  FactorEnrolledDto,
  FactorsDto,
  RecoveryCodesDto,
  SessionReply,
  TotpEnrolmentDto,
  UserChangeDto,
  VerifySecondFactorBody,
} from '@payouts/contracts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { HttpClient } from '../../api/createHttpClient.js';

/**
 * Sign-in options, second factors, recovery codes and step-up (issue 14). Loaded on demand
 * (`api.security()`): none of it is needed to draw the list page, whose budget is full.
 */
export interface SecurityApi {
  authOptions(signal?: AbortSignal): Promise<AuthOptionsDto>;
  factors(signal?: AbortSignal): Promise<FactorsDto>;
  startTotp(label?: string): Promise<TotpEnrolmentDto>;
  confirmTotp(id: string, code: string): Promise<FactorEnrolledDto>;
  passkeyRegistrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON>;
  addPasskey(
    label: string | undefined,
    response: Record<string, unknown>,
  ): Promise<FactorEnrolledDto>;
  removeFactor(id: string): Promise<void>;
  newRecoveryCodes(): Promise<RecoveryCodesDto>;
  verifyOptions(): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** Completes a sign-in (`second_factor: 'verify'`) or a step-up. */
  verify(body: VerifySecondFactorBody): Promise<SessionReply>;
  /**
   * An admin removes every factor of a user (their sessions end; they enrol again): one's own at
   * once (undefined), another user's once a second admin approves (the change).
   */
  resetUserFactors(userId: string): Promise<UserChangeDto | undefined>;
}

export function createSecurityApi(http: HttpClient): SecurityApi {
  const post = <T>(path: string, body: unknown = {}) =>
    http.request<T>({ method: 'POST', path, body });
  return {
    authOptions: (signal) => http.request({ method: 'GET', path: '/auth/options', signal }),
    factors: (signal) => http.request({ method: 'GET', path: '/me/factors', signal }),
    startTotp: (label) => post('/me/factors/totp', label === undefined ? {} : { label }),
    confirmTotp: (id, code) => post(`/me/factors/totp/${encodeURIComponent(id)}/confirm`, { code }),
    passkeyRegistrationOptions: () => post('/me/factors/passkeys/options'),
    addPasskey: (label, response) =>
      post('/me/factors/passkeys', label === undefined ? { response } : { label, response }),
    removeFactor: (id) =>
      http.request({ method: 'DELETE', path: `/me/factors/${encodeURIComponent(id)}` }),
    newRecoveryCodes: () => post('/me/recovery-codes'),
    verifyOptions: () => post('/session/verify/options'),
    verify: (body) => post('/session/verify', body),
    resetUserFactors: (userId) =>
      post<UserChangeDto | undefined>(`/users/${encodeURIComponent(userId)}/factors/reset`),
  };
}
