/**
 * The one reading of a comma-separated list (`status=pending,approved` in a URL, `GB:GBP,US:USD`
 * in the environment): its items, trimmed, empty ones left out, in order.
 */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
