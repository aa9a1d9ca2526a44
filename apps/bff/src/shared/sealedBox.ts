import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption (AES-256-GCM) of what the ledger must keep but nobody may read: a
 * payout's request, full card number included, while it waits for approval or for its unknown
 * outcome to be reconciled. Format: `v1.<iv>.<tag>.<ciphertext>` in base64url. The payout id
 * is bound as associated data, so a sealed value copied onto another row does not open.
 */
export interface SealedBox {
  seal(plain: string, boundTo: string): string;
  /** Undefined when the value was sealed under another key, bound elsewhere or tampered with. */
  open(sealed: string, boundTo: string): string | undefined;
}

export function createSealedBox(secret: string): SealedBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'payouts', 'payout-submission-v1', 32));
  return {
    seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url')).join('.');
    },
    open(sealed, boundTo) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(boundTo));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
