import type { z } from 'zod';
import type {
  endedSessions,
  staffSession,
  staffSessions,
} from '../endpoints/staffSessions.endpoints.js';

/** A staff member's signed-in sessions (routes: `endpoints/staffSessions.routes.ts`). */

export type StaffSessionDto = z.output<typeof staffSession>;
export type StaffSessionsDto = z.output<typeof staffSessions>;
export type EndedSessionsDto = z.output<typeof endedSessions>;
