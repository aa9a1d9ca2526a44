import { z } from 'zod';
import { emptyBody, instant } from './common.js';
import { empty, endpoint, json } from './endpoint.js';
import { staffSessionRoutes as routes } from './staffSessions.routes.js';

export const staffSession = z
  .strictObject({
    /** Opaque: derived from the stored session key, never the cookie. */
    id: z.string(),
    /** The session this request was made with. */
    current: z.boolean(),
    ip: z.string().nullable(),
    user_agent: z.string().nullable(),
    /** The browser and system in words ("Chrome on Linux"), or "Unknown device". */
    device: z.string(),
    started_at: instant,
    last_seen_at: instant,
    expires_at: instant,
  })
  .meta({ id: 'StaffSession' });

export const staffSessions = z
  .strictObject({ items: z.array(staffSession) })
  .meta({ id: 'StaffSessions' });

export const endedSessions = z
  .strictObject({ ended: z.number().int() })
  .meta({ id: 'EndedSessions' });

export const staffSessionEndpoints = {
  listMySessions: endpoint(routes.listMySessions, { reply: json(staffSessions) }),
  endMyOtherSessions: endpoint(routes.endMyOtherSessions, {
    body: emptyBody,
    reply: json(endedSessions),
  }),
  endMySession: endpoint(routes.endMySession, { reply: empty }),
  listUserSessions: endpoint(routes.listUserSessions, { reply: json(staffSessions) }),
  endUserSessions: endpoint(routes.endUserSessions, {
    body: emptyBody,
    reply: json(endedSessions),
  }),
  endUserSession: endpoint(routes.endUserSession, { reply: empty }),
};
