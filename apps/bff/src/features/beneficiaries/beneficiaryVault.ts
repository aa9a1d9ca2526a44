import type { PayoutMethodType } from '@payouts/contracts';
import type { SealedBox } from '../../shared/sealedBox.js';
import { accountIdentity, createFingerprinter, type Details } from './beneficiaryMasking.js';

/**
 * Where beneficiaries' payment details are sealed and opened (AES-256-GCM, docs/decisions/007
 * and 014): bound to the beneficiary's id (or a change's id), so a sealed value copied onto
 * another row does not open.
 */
export interface BeneficiaryVault {
  seal(details: Details, boundTo: string): string;
  /** Throws when the value does not open (a key no longer configured, or tampering). */
  open(sealed: string, boundTo: string): Details;
  /** The keyed digest of the account the details pay; null when there is none. */
  fingerprint(type: PayoutMethodType, details: Details): string | null;
}

export function createBeneficiaryVault({
  sealedBox,
  fingerprintSecret,
}: {
  sealedBox: SealedBox;
  /** The first payout data key; the fingerprint key is derived from it under its own label. */
  fingerprintSecret: string;
}): BeneficiaryVault {
  const fingerprinter = createFingerprinter(fingerprintSecret);
  return {
    seal: (details, boundTo) => sealedBox.seal(JSON.stringify(details), boundTo),
    open(sealed, boundTo) {
      const plain = sealedBox.open(sealed, boundTo);
      // Never the value in the message: it is ciphertext, but the id is enough to find it.
      if (plain === undefined) throw new Error(`sealed details of ${boundTo} do not open`);
      return JSON.parse(plain) as Details;
    },
    fingerprint: (type, details) => fingerprinter(accountIdentity(type, details)),
  };
}
