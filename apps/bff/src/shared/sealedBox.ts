import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) of what the ledger must keep but nobody may read: a
 * payout's request, full card number included, while it waits for approval or for its unknown
 * outcome to be reconciled. Format: `v2.<kid>.<iv>.<tag>.<ciphertext>` in base64url, where
 * `kid` names the key that sealed it (docs/decisions/011), so a rotated key keeps opening what
 * it sealed. `v1.<iv>.<tag>.<ciphertext>` (no key id, sealed before rotation existed) still
 * opens by trying every key. The payout id is bound as associated data, so a sealed value copied
 * onto another row does not open.
 */
export interface SealedBox {
  seal(plain: string, boundTo: string): string;
  /** Undefined when the value was sealed under a key not configured, bound elsewhere or tampered with. */
  open(sealed: string, boundTo: string): string | undefined;
}

interface SealingKey {
  key: Buffer;
  /** Not secret: 8 hex characters of an HMAC of the derived key, which it does not reveal. */
  kid: string;
}

function deriveKey(secret: string): SealingKey {
  const key = Buffer.from(hkdfSync('sha256', secret, 'payouts', 'payout-submission-v1', 32));
  return { key, kid: createHmac('sha256', key).update('kid').digest('hex').slice(0, 8) };
}

function openWith(
  { key }: SealingKey,
  [iv, tag, body]: string[],
  boundTo: string,
): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body!, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * `secrets[0]` seals; every secret opens (PAYOUT_DATA_KEYS=new,old while payouts sealed under
 * the old key still wait).
 */
export function createSealedBox(secrets: readonly string[]): SealedBox {
  if (secrets.length === 0) throw new Error('createSealedBox needs at least one key');
  const keys = secrets.map(deriveKey);
  const sealing = keys[0]!;
  return {
    seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealing.key, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url'));
      return ['v2', sealing.kid, ...parts].join('.');
    },
    open(sealed, boundTo) {
      const [version, ...rest] = sealed.split('.');
      if (version === 'v2' && rest.length === 4 && rest[0] && rest[1] && rest[2]) {
        const [kid, ...parts] = rest;
        // Key ids may collide (8 hex characters): try every key that has this one.
        for (const key of keys.filter((k) => k.kid === kid)) {
          const plain = openWith(key, parts, boundTo);
          if (plain !== undefined) return plain;
        }
        return undefined;
      }
      if (version === 'v1' && rest.length === 3 && rest[0] && rest[1]) {
        for (const key of keys) {
          const plain = openWith(key, rest, boundTo);
          if (plain !== undefined) return plain;
        }
      }
      return undefined;
    },
  };
}
