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
  listMySessions: endpoint(routes.listMySessions, {
    summary: 'My open sessions, newest activity first',
    tag: 'Session',
    reply: json(staffSessions),
  }),
  endMyOtherSessions: endpoint(routes.endMyOtherSessions, {
    summary: 'End my other sessions',
    tag: 'Session',
    body: emptyBody,
    reply: json(endedSessions),
  }),
  endMySession: endpoint(routes.endMySession, {
    summary: 'End one of my sessions',
    tag: 'Session',
    reply: empty,
  }),
  listUserSessions: endpoint(routes.listUserSessions, {
    summary: 'A staff user’s open sessions',
    tag: 'Users',
    reply: json(staffSessions),
  }),
  endUserSessions: endpoint(routes.endUserSessions, {
    summary: 'End all of a staff user’s sessions',
    tag: 'Users',
    body: emptyBody,
    reply: json(endedSessions),
  }),
  endUserSession: endpoint(routes.endUserSession, {
    summary: 'End one of a staff user’s sessions',
    tag: 'Users',
    reply: empty,
  }),
};
