import { isSensitiveField, maskFieldValue, type PayoutMetadataValue } from '@payouts/contracts';

/**
 * A recipient detail for display. The BFF sends sensitive values masked already (they contain
 * `*`); one that arrives whole is masked here too, so a server mistake does not reach the screen.
 */
export function displayMetadataValue(name: string, value: PayoutMetadataValue): string {
  const text = String(value);
  if (isSensitiveField(name) && text !== '' && !text.includes('*')) {
    return String(maskFieldValue(name, text));
  }
  return text;
}
