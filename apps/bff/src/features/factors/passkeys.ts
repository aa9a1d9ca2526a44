import type * as WebAuthn from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/**
 * The WebAuthn library and its crypto dependencies take a third of a second to load: the first
 * passkey ceremony loads them, not the BFF's start (`npm run bench -- startup`).
 */
let library: Promise<typeof WebAuthn> | undefined;
const webauthn = () => (library ??= import('@simplewebauthn/server'));

export interface PasskeyCredential {
  /** base64url, as the browser reports it. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  signCount: number;
  transports: string[];
}

export interface Passkeys {
  registrationOptions(
    user: { id: string; email: string; name: string },
    existing: readonly Pick<PasskeyCredential, 'credentialId' | 'transports'>[],
  ): Promise<PublicKeyCredentialCreationOptionsJSON>;
  /** The new credential, or undefined when the response does not check out (never throws). */
  verifyRegistration(response: unknown, challenge: string): Promise<PasskeyCredential | undefined>;
  authenticationOptions(
    credentials: readonly Pick<PasskeyCredential, 'credentialId' | 'transports'>[],
  ): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** The authenticator's new counter, or undefined when the assertion fails (never throws). */
  verifyAuthentication(
    response: unknown,
    challenge: string,
    credential: PasskeyCredential,
  ): Promise<{ signCount: number } | undefined>;
}

const RP_NAME = 'Payouts back-office';
/** How long the browser waits for the authenticator; the challenge itself lives 5 minutes. */
const CEREMONY_TIMEOUT_MS = 120_000;

const transportsOf = (list: readonly string[]) => list as AuthenticatorTransport[];

/**
 * WebAuthn for second factors (`@simplewebauthn/server`). The relying party is the BFF's public
 * origin: a passkey made on one deployment's host name does not work on another's.
 * User verification is preferred, not required: a security key without a PIN is still a second
 * factor next to the password or the provider's sign-in.
 */
export function createPasskeys({ publicUrl }: { publicUrl: URL }): Passkeys {
  const rpID = publicUrl.hostname;
  const origin = publicUrl.origin;
  return {
    async registrationOptions(user, existing) {
      const { generateRegistrationOptions } = await webauthn();
      return generateRegistrationOptions({
        rpName: RP_NAME,
        rpID,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(user.id),
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((c) => ({
          id: c.credentialId,
          transports: transportsOf(c.transports),
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
    },
    async verifyRegistration(response, challenge) {
      const { verifyRegistrationResponse } = await webauthn();
      try {
        const result = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
        if (!result.verified) return undefined;
        const { credential } = result.registrationInfo;
        return {
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          signCount: credential.counter,
          transports: [...(credential.transports ?? [])],
        };
      } catch {
        // A malformed or forged response: the caller answers one way for every reason.
        return undefined;
      }
    },
    async authenticationOptions(credentials) {
      const { generateAuthenticationOptions } = await webauthn();
      return generateAuthenticationOptions({
        rpID,
        timeout: CEREMONY_TIMEOUT_MS,
        userVerification: 'preferred',
        allowCredentials: credentials.map((c) => ({
          id: c.credentialId,
          transports: transportsOf(c.transports),
        })),
      });
    },
    async verifyAuthentication(response, challenge, credential) {
      const { verifyAuthenticationResponse } = await webauthn();
      try {
        const result = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
          credential: {
            id: credential.credentialId,
            publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
            counter: credential.signCount,
            transports: transportsOf(credential.transports),
          },
        });
        return result.verified ? { signCount: result.authenticationInfo.newCounter } : undefined;
      } catch {
        // Includes a counter that went backwards (a cloned authenticator).
        return undefined;
      }
    },
  };
}
