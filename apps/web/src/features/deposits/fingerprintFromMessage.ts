/** How deep a PSP's collector may nest its own frames inside ours. */
const MAX_FRAME_DEPTH = 5;

/**
 * Whether `source` is the fingerprint iframe's window or a frame nested in it: a PSP's real
 * device-data page often posts from a collector frame of its own. (`parent` is readable across
 * origins; any other frame or tab can post to us, and never counts.)
 */
function isFrameOrNested(source: MessageEventSource | null, frameWindow: Window): boolean {
  let current = source as Window | null;
  for (let depth = 0; current && depth <= MAX_FRAME_DEPTH; depth += 1) {
    if (current === frameWindow) return true;
    const parent: Window | null = current.parent;
    // A top window is its own parent: past it there is nothing more to climb.
    if (parent === current) return false;
    current = parent;
  }
  return false;
}

/**
 * The device data from a fingerprint iframe's message, or undefined when the message is not one:
 * only a message from that iframe's window or a frame nested in it counts, and only
 * `data.fingerprint` as an object of strings keyed by PSP name (the `ddc` shape), checked.
 */
export function fingerprintFromMessage(
  event: Pick<MessageEvent, 'source' | 'data'>,
  frameWindow: Window | null | undefined,
): Record<string, string> | undefined {
  if (!frameWindow || !isFrameOrNested(event.source, frameWindow)) return undefined;
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
