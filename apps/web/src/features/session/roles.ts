/** The staff roles (the BFF's `apps/bff/src/features/users/roles.ts`). */
export const ROLES = ['finance', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_TITLES: Readonly<Record<Role, string>> = {
  finance: 'Finance',
  support: 'Support',
  admin: 'Admin',
};
