/** One audit log entry (`GET /api/audit`). */
export interface AuditItem {
  id: string;
  at: string;
  /** Null for the system's own entries. */
  actor: { id: string; email: string } | null;
  /** `session.sign_in`, `payout.create`, `user.updated`, `lab.deposit`, ... */
  action: string;
  target: { type: string; id: string } | null;
  /** Never a secret, a password or card data. */
  data: Record<string, unknown>;
  ip: string | null;
  request_id: string | null;
}

export interface AuditPage {
  items: AuditItem[];
  next_cursor: string | null;
}
