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
import { callEndpoint } from '../../api/callEndpoint.js';
import type { HttpClient } from '../../api/createHttpClient.js';

/**
 * Sign-in options, second factors, recovery codes and step-up. Loaded on demand
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
  return {
    authOptions: (signal) => callEndpoint(http, 'authOptions', { signal }),
    factors: (signal) => callEndpoint(http, 'listFactors', { signal }),
    startTotp: (label) =>
      callEndpoint(http, 'enrolTotp', { body: label === undefined ? {} : { label } }),
    confirmTotp: (id, code) =>
      callEndpoint(http, 'confirmTotp', { params: { id }, body: { code } }),
    passkeyRegistrationOptions: () => callEndpoint(http, 'passkeyOptions', { body: {} }),
    addPasskey: (label, response) =>
      callEndpoint(http, 'registerPasskey', {
        body: label === undefined ? { response } : { label, response },
      }),
    removeFactor: (id) => callEndpoint(http, 'removeFactor', { params: { id } }),
    newRecoveryCodes: () => callEndpoint(http, 'newRecoveryCodes', { body: {} }),
    verifyOptions: () => callEndpoint(http, 'verifyOptions', { body: {} }),
    verify: (body) => callEndpoint(http, 'verifySession', { body }),
    // One's own factors answer 204 (undefined): no change to show.
    resetUserFactors: (userId) =>
      callEndpoint(http, 'resetUserFactors', { params: { id: userId }, body: {} }),
  };
}
