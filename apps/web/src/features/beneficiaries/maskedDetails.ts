import type { BeneficiaryDto, PayoutMetadataValue } from '@payouts/contracts';
import { isSensitiveField } from '@payouts/contracts';

/** The fields that identify where the money goes, in the order a person looks for them. */
const ACCOUNT_FIELDS = ['iban', 'bankAccountNumber', 'creditCardNumber', 'walletAddress'];

/** The one masked value that names the account (IBAN, account, card or wallet), if any. */
export function maskedAccount(b: Pick<BeneficiaryDto, 'details'>): string | null {
  for (const name of ACCOUNT_FIELDS) {
    const value = b.details[name];
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  const sensitive = Object.entries(b.details).find(([name]) => isSensitiveField(name));
  return sensitive ? String(sensitive[1]) : null;
}

export function showValue(value: PayoutMetadataValue | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
}
