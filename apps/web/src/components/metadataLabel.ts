import { KNOWN_FIELDS } from '@payouts/contracts';

const TITLES: ReadonlyMap<string, string> = new Map(
  Object.values(KNOWN_FIELDS).flatMap((fields) => fields.map((f) => [f.name, f.title] as const)),
);

/** The label of a recipient detail: the known title (`bankAccountNumber` -> `Account number`) or the name in words. */
export function metadataLabel(name: string): string {
  const known = TITLES.get(name);
  if (known) return known;
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words === '' ? name : words.charAt(0).toUpperCase() + words.slice(1);
}
