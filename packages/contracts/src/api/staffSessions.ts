/**
 * A staff member's signed-in sessions (issue 14, "Sessions"): the Security page lists one's own
 * and ends any or all the others; admins see and end any user's. Types only (the BFF parses).
 *
 * - `GET    /api/me/sessions` (`session:read`) -> `StaffSessionsDto`, newest activity first.
 * - `DELETE /api/me/sessions/:id` (`session:read`) -> 204; one of one's own sessions other than
 *   the current one (404 for any other id; 409 for the current one: sign out instead).
 * - `POST   /api/me/sessions/end-others` `{}` (`session:read`) -> `{ ended: number }`.
 * - `GET    /api/users/:id/sessions` (`users:manage`) -> `StaffSessionsDto` (`current` marks the
 *   admin's own session when they look at themselves).
 * - `DELETE /api/users/:id/sessions/:sessionId` (`users:manage`) -> 204 (404 when not that user's).
 * - `POST   /api/users/:id/sessions/end-all` `{}` (`users:manage`) -> `{ ended: number }` (the
 *   admin's own current session is kept).
 * Every ending is audited (`session.end`, with who ended it and how many); a process that cached
 * an ended session stops honouring it within the session cache's 5 s.
 */

export interface StaffSessionDto {
  /** Opaque: derived from the stored session key, never the cookie. */
  id: string;
  /** The session this request was made with. */
  current: boolean;
  ip: string | null;
  user_agent: string | null;
  /** The browser and system in words, from the user agent ("Chrome on Linux"), or "Unknown device". */
  device: string;
  started_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface StaffSessionsDto {
  items: StaffSessionDto[];
}

export interface EndedSessionsDto {
  ended: number;
}
