/**
 * The device data from a fingerprint iframe's message, or undefined when the message is not one:
 * only a message whose source is that iframe's window counts (any other frame or tab can post to
 * us), and only `data.fingerprint` as an object of strings keyed by PSP name (the `ddc` shape).
 */
export function fingerprintFromMessage(
  event: Pick<MessageEvent, 'source' | 'data'>,
  frameWindow: Window | null | undefined,
): Record<string, string> | undefined {
  if (!frameWindow || event.source !== frameWindow) return undefined;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const fingerprint: unknown = (data as { fingerprint?: unknown }).fingerprint;
  if (typeof fingerprint !== 'object' || fingerprint === null || Array.isArray(fingerprint)) {
    return undefined;
  }
  const entries = Object.entries(fingerprint);
  if (!entries.every(([, value]) => typeof value === 'string')) return undefined;
  return Object.fromEntries(entries);
}
