import type { Section } from './sections.js';

// Only the (lazy) menu drawer marks the current section: kept out of sections.ts, which the
// shell loads with every route.

/** The section a path belongs to: the longest section path it is in (`/lab/deposits` over `/lab`). */
export function currentSectionPath(
  sections: readonly Section[],
  pathname: string,
): string | undefined {
  return sections
    .filter(({ path }) => pathname === path || pathname.startsWith(`${path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;
}
