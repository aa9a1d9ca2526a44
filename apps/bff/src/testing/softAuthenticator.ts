import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A security key in software, for tests: an ES256 key pair, a 'none' attestation and
 * assertions built by hand (authenticator data + client data, signed), the way a browser and a
 * key would answer `navigator.credentials.create/get`. Nothing here trusts the server's code.
 */
export interface SoftAuthenticator {
  /** base64url, as the browser reports it. */
  readonly credentialId: string;
  signCount: number;
  /** `navigator.credentials.create()`'s JSON for the server's registration options. */
  register(options: { challenge: string; rp: { id?: string } }, tweak?: Tweak): WebAuthnJson;
  /** `navigator.credentials.get()`'s JSON for the server's authentication options. */
  assert(options: { challenge: string; rpId?: string }, tweak?: Tweak): WebAuthnJson;
}

export interface Tweak {
  origin?: string;
  rpId?: string;
  /** Sign with another key (a forged assertion). */
  signWith?: KeyObject;
  /** Report this counter instead of the next one (a cloned key). */
  signCount?: number;
}

export type WebAuthnJson = Record<string, unknown>;

const FLAG_UP = 0x01;
const FLAG_AT = 0x40;
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export function createSoftAuthenticator({ origin }: { origin: string }): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const rawId = randomBytes(32);
  const defaultRpId = new URL(origin).hostname;

  // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );

  const counter = (n: number) => {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(n);
    return out;
  };
  const clientData = (type: string, challenge: string, tweak: Tweak) =>
    Buffer.from(
      JSON.stringify({ type, challenge, origin: tweak.origin ?? origin, crossOrigin: false }),
    );

  const authenticator: SoftAuthenticator = {
    credentialId: b64url(rawId),
    signCount: 0,
    register(options, tweak = {}) {
      const rpId = tweak.rpId ?? options.rp.id ?? defaultRpId;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAG_UP | FLAG_AT]),
        counter(authenticator.signCount),
        Buffer.alloc(16),
        idLength,
        rawId,
        Buffer.from(coseKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, tweak)),
          attestationObject: b64url(attestationObject),
          transports: ['usb'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'cross-platform',
      };
    },
    assert(options, tweak = {}) {
      const rpId = tweak.rpId ?? options.rpId ?? defaultRpId;
      const count = tweak.signCount ?? authenticator.signCount + 1;
      if (tweak.signCount === undefined) authenticator.signCount = count;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_UP]), counter(count)]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, tweak);
      // ECDSA over authenticatorData || SHA-256(clientDataJSON), DER-encoded (node's default).
      const signature = sign(
        'sha256',
        Buffer.concat([authData, sha256(clientDataJSON)]),
        tweak.signWith ?? privateKey,
      );
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'cross-platform',
      };
    },
  };
  return authenticator;
}

/** Another key, for forged signatures. */
export function strangerKey(): KeyObject {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
}
