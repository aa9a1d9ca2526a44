// Who is acting, as both `http/` (which finds out) and `features/` (which acts) see it. Neither
// depends on the other for these.

/** The signed-in staff member as every handler sees it is the one the SPA receives. */
export type { Role, SessionUser } from '@payouts/contracts';

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
