import type { MetadataChange } from './api/providers.js';
import { PAYOUT_METHOD_TYPE_TITLES } from './types.js';

const TYPE_TITLES: Readonly<Record<string, string>> = PAYOUT_METHOD_TYPE_TITLES;

/**
 * One change of a corridor's metadata in words, with the PSP's title where the merchant knows
 * it: the Providers page, the bell and its e-mail say it the same way.
 */
export function metadataChangeText(
  change: MetadataChange,
  psps: readonly { name: string; title: string }[],
): string {
  const psp = psps.find((p) => p.name === change.psp)?.title ?? change.psp;
  const type = TYPE_TITLES[change.payout_method_type] ?? change.payout_method_type;
  switch (change.kind) {
    case 'psp_added':
      return `${psp} now offers ${type}`;
    case 'psp_removed':
      return `${psp} left ${type}: payouts of that type to it are no longer possible here`;
    case 'field_added':
      return `${psp}, ${type}: field “${change.field ?? ''}” appeared (saved details may lack it)`;
    case 'field_removed':
      return `${psp}, ${type}: field “${change.field ?? ''}” disappeared`;
    case 'field_changed':
      return `${psp}, ${type}: field “${change.field ?? ''}” changed its title or rules`;
    case 'unsupported_added':
      return `${psp} is listed with a payout type this back-office does not support (${type})`;
    case 'unsupported_removed':
      return `${psp} is no longer listed with ${type}`;
  }
}
