import { currencyInfo } from '@payouts/contracts';

const currencies = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'code' });

/** `EUR` -> `Euro`, `BTC` -> `Bitcoin`; the code when nothing better is known. */
export function currencyName(code: string): string {
  const info = currencyInfo(code);
  if (info?.name) return info.name;
  try {
    return currencies.of(code) ?? code;
  } catch {
    return code;
  }
}
