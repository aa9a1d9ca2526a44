import {
  PAYOUT_METHOD_TYPE_TITLES,
  type Corridor,
  type PayoutMethodType,
} from '@payouts/contracts';

export const NO_PROVIDER_CAUSE =
  'A PSP is listed only when its “Payouts” feature and this payout type are enabled in its credentials.';

/** Says plainly that nothing is offered, and the likely cause (seed interface, section 7). */
export function noProviderMessage(corridor: Corridor, type?: PayoutMethodType): string {
  const what = type ? `${PAYOUT_METHOD_TYPE_TITLES[type].toLowerCase()} payouts` : 'payouts';
  return `No PSP offers ${what} for ${corridor.country} / ${corridor.currency}. ${NO_PROVIDER_CAUSE}`;
}

/** The types no PSP offers for the corridor, with the same likely cause. */
export function notOfferedMessage(corridor: Corridor, types: readonly PayoutMethodType[]): string {
  const titles = types.map((t) => PAYOUT_METHOD_TYPE_TITLES[t]).join(', ');
  return `Not offered for ${corridor.country} / ${corridor.currency}: ${titles}. ${NO_PROVIDER_CAUSE}`;
}
