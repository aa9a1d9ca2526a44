import type { Role } from '../features/session/roles.js';

/** Which icon a section shows; the icons themselves load with the (lazy) menu drawer. */
export type SectionIcon = 'payouts' | 'providers' | 'lab' | 'deposits' | 'users' | 'audit';

export interface Section {
  label: string;
  path: string;
  icon: SectionIcon;
  roles: readonly Role[];
}

/**
 * The top-left menu, one line per section with the roles that may open it. The BFF refuses the
 * same roles on the section's API calls; this table only keeps the menu honest about them.
 */
export const SECTIONS: readonly Section[] = [
  { label: 'Payouts', path: '/payouts', icon: 'payouts', roles: ['finance', 'support', 'admin'] },
  { label: 'Providers', path: '/providers', icon: 'providers', roles: ['support', 'admin'] },
  { label: 'Payout lab', path: '/lab', icon: 'lab', roles: ['admin'] },
  { label: 'Deposit console', path: '/lab/deposits', icon: 'deposits', roles: ['admin'] },
  { label: 'Users', path: '/users', icon: 'users', roles: ['admin'] },
  { label: 'Audit log', path: '/audit', icon: 'audit', roles: ['admin'] },
];

export function sectionsFor(role: Role): Section[] {
  return SECTIONS.filter((section) => section.roles.includes(role));
}

/** The section a path belongs to: the longest section path it is in (`/lab/deposits` over `/lab`). */
export function currentSectionPath(
  sections: readonly Section[],
  pathname: string,
): string | undefined {
  return sections
    .filter(({ path }) => pathname === path || pathname.startsWith(`${path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;
}
