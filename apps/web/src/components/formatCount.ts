const counts = new Intl.NumberFormat('en-US');

/** A count of things for display, grouped: `12,345`. */
export function formatCount(count: number): string {
  return counts.format(count);
}
