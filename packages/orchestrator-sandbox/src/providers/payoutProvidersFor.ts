import { PAYOUT_METHOD_TYPES, type PayoutProvider } from '@payouts/contracts';
import type { SandboxProviderConfig } from './SandboxProviderConfig.js';

/**
 * What the metadata endpoint lists for a corridor: one entry per (PSP, payout method type) whose
 * "Payouts" feature and type switch are both on. Everything else is silently absent, as on the
 * real service.
 */
export function payoutProvidersFor(
  config: SandboxProviderConfig,
  country: string,
  currency: string,
): PayoutProvider[] {
  const providers: PayoutProvider[] = [];
  for (const psp of config.psps) {
    if (!psp.payouts_enabled) continue;
    if (!psp.payout_corridors.some((c) => c.country === country && c.currency === currency)) {
      continue;
    }
    for (const type of PAYOUT_METHOD_TYPES) {
      const fields = psp.fields[type];
      if (!psp.types[type] || !fields) continue;
      providers.push({
        name: psp.name,
        title: psp.title,
        payout_method_type: type,
        fields: fields.map((f) => ({ ...f })),
      });
    }
  }
  return providers;
}
