import type { Role } from './roles.js';

/**
 * What each role may do, for showing and hiding controls. The BFF enforces the same rules on
 * every request; this table only keeps the screen honest about them.
 */
export const PERMISSIONS = {
  'payout:create': ['finance', 'admin'],
  'payout:check-status': ['finance', 'support', 'admin'],
  'payout:export': ['finance', 'support', 'admin'],
  /** Approve or reject someone else's payout above the threshold (four eyes). */
  'payout:approve': ['finance', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | undefined, permission: Permission): boolean {
  return role !== undefined && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
