import { composeIBAN } from 'ibantools';
// The samples are runtime code now (the lab prefills test payouts with them); tests keep
// importing them from here.
export {
  SAMPLE_CARD_NUMBER,
  SAMPLE_CARD_NUMBERS,
  SAMPLE_IBAN,
  SAMPLE_PHONE,
  SAMPLE_PHONES,
  SAMPLE_WALLET_ADDRESSES,
  sampleExpiry,
  sampleMetadata,
  sampleWalletAddresses,
} from '../sampleMetadata.js';

/**
 * A valid Belgian IBAN of its own for each `n` (0 to 9,999,999,999): the account is `n`, then
 * Belgium's two national check digits, then the IBAN's check digits. For tests that need many.
 */
export function belgianIban(n: number): string {
  const account = String(n).padStart(10, '0');
  const check = Number(BigInt(account) % 97n) || 97;
  return composeIBAN({ countryCode: 'BE', bban: `${account}${String(check).padStart(2, '0')}` })!;
}
