import { cardBrand, type CardBrand } from '@payouts/contracts';
import type { SandboxProviderConfig, SandboxPsp } from './SandboxProviderConfig.js';

/** Whether `psp` takes card deposits for this corridor and card (BIN or number). */
export function acceptsCardDeposit(
  psp: SandboxPsp,
  country: string,
  currency: string,
  cardDigits: string,
): boolean {
  const deposits = psp.deposits;
  if (!deposits) return false;
  const brand: CardBrand | undefined = cardBrand(cardDigits);
  return (
    brand !== undefined &&
    deposits.card_brands.includes(brand) &&
    deposits.corridors.some((c) => c.country === country && c.currency === currency)
  );
}

/**
 * The routed card-deposit endpoint's choice: among PSPs that take deposits in the corridor and
 * accept the card's brand, the one with the lowest `priority` (config order breaks ties).
 */
export function routeCardDeposit(
  config: SandboxProviderConfig,
  country: string,
  currency: string,
  cardDigits: string,
): SandboxPsp | undefined {
  const candidates = config.psps.filter((p) =>
    acceptsCardDeposit(p, country, currency, cardDigits),
  );
  candidates.sort((a, b) => (a.deposits?.priority ?? 0) - (b.deposits?.priority ?? 0));
  return candidates[0];
}
