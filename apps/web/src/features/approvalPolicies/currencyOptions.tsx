import { CURRENCIES } from '@payouts/contracts';
import type { ReactElement } from 'react';
import { currencyName } from '../../components/currencyName.js';

let cached: ReactElement[] | undefined;

/**
 * Every currency as an `<option>` (`EUR · Euro`), made once: the same elements each render, so
 * React skips them (a draft can hold many rules, each with this select).
 */
export function currencyOptionElements(): ReactElement[] {
  cached ??= CURRENCIES.map(({ code }) => (
    <option key={code} value={code}>
      {`${code} · ${currencyName(code)}`}
    </option>
  ));
  return cached;
}
