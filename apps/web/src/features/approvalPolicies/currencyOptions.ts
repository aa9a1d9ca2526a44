import { CURRENCIES } from '@payouts/contracts';
import { currencyName } from '../../components/currencyName.js';

/** Every currency as `EUR · Euro`, built once (Intl names are not free). */
let cached: { code: string; label: string }[] | undefined;
export function currencyOptions(): { code: string; label: string }[] {
  cached ??= CURRENCIES.map(({ code }) => ({ code, label: `${code} · ${currencyName(code)}` }));
  return cached;
}
