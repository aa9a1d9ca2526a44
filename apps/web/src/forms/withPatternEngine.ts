import { loadPatternEngine } from '@payouts/contracts';

/**
 * `reply`, once RE2 is loaded as well (fetched alongside, not after it). The forms built from such
 * a reply match their patterns with RE2 (`validateSchema`, and `buildPayoutForm`'s check of PSP
 * hints), and RE2 is a lazy chunk of its own: it is not part of any page's first download.
 */
export async function withPatternEngine<T>(reply: Promise<T>): Promise<T> {
  const [value] = await Promise.all([reply, loadPatternEngine()]);
  return value;
}
