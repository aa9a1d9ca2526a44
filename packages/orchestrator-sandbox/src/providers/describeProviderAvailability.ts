import { PAYOUT_METHOD_TYPES, type PayoutMethodType } from '@payouts/contracts';
import type { SandboxProviderConfig } from './SandboxProviderConfig.js';

export type ProviderUnavailableReason =
  | 'payouts_feature_disabled'
  | 'payout_type_disabled'
  | 'payout_type_not_supported'
  | 'corridor_not_served';

export interface ProviderAvailability {
  name: string;
  title: string;
  payout_method_type: PayoutMethodType;
  available: boolean;
  /** Why the metadata endpoint leaves this (PSP, type) out; `null` when it is listed. */
  reason: ProviderUnavailableReason | null;
}

/**
 * For every PSP known to the merchant and every payout method type: is it listed for this
 * corridor, and if not, why. The first failing switch wins, in the order the orchestrator's
 * documentation gives: the "Payouts" feature, then the type, then the corridor.
 */
export function describeProviderAvailability(
  config: SandboxProviderConfig,
  country: string,
  currency: string,
): ProviderAvailability[] {
  const rows: ProviderAvailability[] = [];
  for (const psp of config.psps) {
    const servesCorridor = psp.payout_corridors.some(
      (c) => c.country === country && c.currency === currency,
    );
    for (const type of PAYOUT_METHOD_TYPES) {
      let reason: ProviderUnavailableReason | null = null;
      if (!psp.fields[type]) reason = 'payout_type_not_supported';
      else if (!psp.payouts_enabled) reason = 'payouts_feature_disabled';
      else if (!psp.types[type]) reason = 'payout_type_disabled';
      else if (!servesCorridor) reason = 'corridor_not_served';
      rows.push({
        name: psp.name,
        title: psp.title,
        payout_method_type: type,
        available: reason === null,
        reason,
      });
    }
  }
  return rows;
}
