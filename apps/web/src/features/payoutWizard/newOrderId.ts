const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A fresh order id, `PO-YYYYMMDD-XXXXXX`: the day (local) and 6 random characters without the
 * look-alikes 0/O and 1/I, easy to read out on the phone.
 */
export function newOrderId(now: Date, randomBytes: (n: number) => Uint8Array): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const suffix = Array.from(randomBytes(6), (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `PO-${day}-${suffix}`;
}
