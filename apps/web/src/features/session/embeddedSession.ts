import type { SessionReply } from '@payouts/contracts';

/**
 * The contracts' `EMBEDDED_SESSION_ID`, which the BFF writes, as a copy (its test compares them):
 * imported from the contracts into the entry, the constant landed in the entry's own chunk,
 * which `core` imports while the entry imports `core`; in that cycle `core` ran first and read
 * it before it was set, and the app asked for its session again.
 */
export const EMBEDDED_SESSION_ID = 'payouts-session';

/**
 * The session the BFF put in index.html (`GET /api/session`'s answer as the page was served;
 * null: signed out), or undefined when the page has none (the Vite dev server, tests, a block
 * that does not parse): the app then asks the API. Read once, at start: the block is removed so
 * nothing reads a session that may have ended since.
 */
export function takeEmbeddedSession(doc: Document): SessionReply | null | undefined {
  const block = doc.getElementById(EMBEDDED_SESSION_ID);
  if (!block) return undefined;
  block.remove();
  try {
    const value: unknown = JSON.parse(block.textContent ?? '');
    if (value === null) return null;
    return typeof value === 'object' && 'user' in value ? (value as SessionReply) : undefined;
  } catch {
    return undefined;
  }
}
