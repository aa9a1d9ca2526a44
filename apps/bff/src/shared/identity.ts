import type { Role } from '@payouts/contracts';

// Who is acting, as both `http/` (which finds out) and `features/` (which acts) see it. Neither
// depends on the other for these.

export type { Role } from '@payouts/contracts';

/** The signed-in staff member as every handler sees it (and as the SPA receives it). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface AuditActor {
  id: string;
  email: string;
}

/** Who asked, from where: what every audit entry carries besides the action itself. */
export interface AuditContext {
  actor: AuditActor | null;
  ip: string | null;
  requestId: string | null;
}
