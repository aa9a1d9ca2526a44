export const ROLES = ['finance', 'support', 'admin'] as const;
export type Role = (typeof ROLES)[number];
