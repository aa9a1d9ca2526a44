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

/**
 * A Visa test number of its own for each `n` (0 to 999,999,999): `411111`, `n` in 9 digits,
 * then the Luhn check digit. For runs that pay many cards (no two payouts are duplicates).
 */
export function visaTestNumber(n: number): string {
  const body = `411111${String(n).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    // Doubling starts at the digit left of the check digit.
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}
