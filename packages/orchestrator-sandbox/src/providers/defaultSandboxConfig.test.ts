import { PAYOUT_METHOD_TYPES, currencyInfo, isCountryCode } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { defaultSandboxConfig as config } from './defaultSandboxConfig.js';
import { describeProviderAvailability } from './describeProviderAvailability.js';
import { payoutProvidersFor } from './payoutProvidersFor.js';
import { routeCardDeposit } from './routeCardDeposit.js';

const corridors = [
  ...new Set(
    config.psps.flatMap((p) => p.payout_corridors.map((c) => `${c.country}/${c.currency}`)),
  ),
];

describe('the bundled provider configuration', () => {
  it('has every situation the documentation needs', () => {
    expect(config.psps.length).toBeGreaterThanOrEqual(6);
    expect(corridors.length).toBeGreaterThanOrEqual(8);
    for (const crypto of ['BTC', 'ETH', 'USDT']) {
      expect(corridors.some((c) => c.endsWith(`/${crypto}`))).toBe(true);
    }
    expect(corridors).toContain('US/USD');
    expect(corridors.some((c) => c === 'CA/CAD' || c === 'AU/AUD')).toBe(true);
    expect(config.psps.some((p) => !p.payouts_enabled)).toBe(true);
    expect(
      config.psps.some(
        (p) => p.payouts_enabled && PAYOUT_METHOD_TYPES.some((t) => p.fields[t] && !p.types[t]),
      ),
    ).toBe(true);
    const hinted = config.psps.filter((p) =>
      Object.values(p.fields).some((fields) => fields.some((f) => Object.keys(f).length > 2)),
    );
    expect(hinted.map((p) => p.name)).toEqual(['meridian_transfers']);
    const depositPsps = config.psps.filter((p) => p.deposits);
    expect(depositPsps.some((p) => p.deposits?.requires_fingerprint)).toBe(true);
    expect(depositPsps.some((p) => !p.deposits?.requires_fingerprint)).toBe(true);
    expect(depositPsps.some((p) => (p.deposits?.mids.length ?? 0) > 1)).toBe(true);
    expect(depositPsps.some((p) => p.deposits?.mids.length === 1)).toBe(true);
    expect(config.cashier_keys.length).toBeGreaterThan(0);
  });

  it('uses real country and currency codes, and unique PSP names', () => {
    for (const corridor of corridors) {
      const [country = '', currency = ''] = corridor.split('/');
      expect(isCountryCode(country)).toBe(true);
      expect(currencyInfo(currency)).toBeDefined();
    }
    expect(new Set(config.psps.map((p) => p.name)).size).toBe(config.psps.length);
  });

  it('lists each PSP only when both switches are on', () => {
    const us = payoutProvidersFor(config, 'US', 'USD').map(
      (p) => `${p.name}/${p.payout_method_type}`,
    );
    expect(us).not.toContain('harbor_payments/credit_card');
    expect(us.some((e) => e.startsWith('atlas_remit'))).toBe(false);
    expect(payoutProvidersFor(config, 'MX', 'MXN')).toEqual([]);
  });

  it('explains why a PSP is missing', () => {
    const rows = describeProviderAvailability(config, 'US', 'USD');
    const find = (name: string, type: string) =>
      rows.find((r) => r.name === name && r.payout_method_type === type);
    expect(find('harbor_payments', 'bank_account')).toMatchObject({
      available: true,
      reason: null,
    });
    expect(find('harbor_payments', 'credit_card')).toMatchObject({
      available: false,
      reason: 'payout_type_disabled',
    });
    expect(find('atlas_remit', 'bank_account')).toMatchObject({
      available: false,
      reason: 'payouts_feature_disabled',
    });
    expect(find('coinbridge', 'crypto')).toMatchObject({
      available: false,
      reason: 'corridor_not_served',
    });
    expect(find('coinbridge', 'bank_account')).toMatchObject({
      available: false,
      reason: 'payout_type_not_supported',
    });
    // Every row the metadata endpoint would list is "available", and only those.
    const listed = payoutProvidersFor(config, 'US', 'USD').map(
      (p) => `${p.name}/${p.payout_method_type}`,
    );
    expect(rows.filter((r) => r.available).map((r) => `${r.name}/${r.payout_method_type}`)).toEqual(
      listed,
    );
  });

  it('routes card deposits by corridor and brand', () => {
    expect(routeCardDeposit(config, 'DE', 'EUR', '411111')?.name).toBe('northwind_pay');
    expect(routeCardDeposit(config, 'DE', 'EUR', '555555')?.name).toBe('harbor_payments');
    expect(routeCardDeposit(config, 'US', 'USD', '411111')?.name).toBe('harbor_payments');
    expect(routeCardDeposit(config, 'JP', 'JPY', '411111')).toBeUndefined();
  });
});
