/** The staff roles. Every API route and every screen control is allowed to some of them. */
export const ROLES = ['finance', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_TITLES: Readonly<Record<Role, string>> = {
  finance: 'Finance',
  support: 'Support',
  admin: 'Admin',
};

const EVERYONE = ROLES;

/**
 * What each role may do: the one table the BFF enforces on every request (`requirePermission`)
 * and the SPA reads to show or hide a control (`can`). A row here is a promise of both.
 */
export const PERMISSIONS = {
  'session:read': EVERYONE,
  'corridors:read': EVERYONE,
  'providers:read': EVERYONE,
  /** Corridors x PSPs x payout types, with why a PSP is missing. */
  'providers:matrix': ['support', 'admin'],
  'payouts:read': EVERYONE,
  'payouts:export': EVERYONE,
  'payouts:check-status': EVERYONE,
  'payouts:create': ['finance', 'admin'],
  /** Approve or reject someone else's payout above the threshold (four eyes). */
  'payouts:approve': ['finance', 'admin'],
  /** Withdraw one's own payout while it awaits approval. */
  'payouts:cancel': ['finance', 'admin'],
  /**
   * Settle an unknown payout by hand: found at the PSP, or propose / confirm (a second person)
   * / decline "not sent: mark failed".
   */
  'payouts:resolve': ['finance', 'admin'],
  /** The payee book: support reads it. */
  'beneficiaries:read': EVERYONE,
  /** Create, rename, archive, propose a change of payment details, pay by beneficiary. */
  'beneficiaries:write': ['finance', 'admin'],
  /** Approve or reject someone else's change of a beneficiary's payment details. */
  'beneficiaries:approve': ['finance', 'admin'],
  /** Batch payouts from a file: support reads them. */
  'batches:read': EVERYONE,
  /** Upload, fix, validate, submit, cancel and retry a batch. */
  'batches:write': ['finance', 'admin'],
  /** Read the approval policy in force, its pending change and its history. */
  'approval-policies:read': EVERYONE,
  /** Propose a change of the approval policy, approve or reject another admin's (four eyes). */
  'approval-policies:manage': ['admin'],
  /** One's own in-app notifications (the bell) and how often they are e-mailed. */
  'notifications:read': EVERYONE,
  /** Share a saved view of the payouts list with everyone (each user saves their own). */
  'payout-views:share': ['admin'],
  'users:manage': ['admin'],
  'audit:read': ['admin'],
  /** The rendered API reference (`/api/docs`); the OpenAPI document itself is for everyone. */
  'api:docs': ['admin'],
  /** Test payouts per PSP and type, and the card-deposit console. */
  'lab:use': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` may do `permission`; no role (signed out) may do nothing. */
export function can(role: Role | undefined, permission: Permission): boolean {
  return role !== undefined && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** The roles allowed `permission`. */
export function rolesFor(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission];
}
