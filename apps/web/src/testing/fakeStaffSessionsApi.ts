import type { EndedSessionsDto, StaffSessionDto } from '@payouts/contracts';
import { ApiError } from '../api/ApiError.js';
import type { StaffSessionsApi } from '../features/staffSessions/staffSessionsApi.js';

export interface FakeStaffSessionsOptions {
  /** One's own sessions the default list and endings work on. */
  mySessions?: StaffSessionDto[];
  /** Each user's sessions, by user id. */
  userSessions?: Record<string, StaffSessionDto[]>;
  endMySession?: (id: string) => Promise<void>;
  endOtherSessions?: () => Promise<EndedSessionsDto>;
  endUserSession?: (userId: string, sessionId: string) => Promise<void>;
  endAllUserSessions?: (userId: string) => Promise<EndedSessionsDto>;
}

export interface FakeStaffSessionsCalls {
  endMySession: string[];
  endOtherSessions: number;
  endUserSession: { userId: string; sessionId: string }[];
  endAllUserSessions: string[];
}

export function emptyStaffSessionsCalls(): FakeStaffSessionsCalls {
  return { endMySession: [], endOtherSessions: 0, endUserSession: [], endAllUserSessions: [] };
}

function refused(code: 'not_found' | 'conflict', message: string): ApiError {
  return new ApiError(code, message, {
    status: code === 'not_found' ? 404 : 409,
    requestId: 'req_test',
  });
}

export function buildStaffSession(overrides: Partial<StaffSessionDto> = {}): StaffSessionDto {
  return {
    id: 's_1',
    current: false,
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    device: 'Chrome on Linux',
    started_at: '2026-11-24T08:00:00.000Z',
    last_seen_at: '2026-11-25T09:30:00.000Z',
    expires_at: '2026-12-01T08:00:00.000Z',
    ...overrides,
  };
}

/**
 * Sessions as the BFF keeps them, in memory: the current one cannot be ended (409), an unknown
 * id is 404, and "end all" keeps the caller's current session.
 */
export function createFakeStaffSessionsApi(
  options: FakeStaffSessionsOptions,
  calls: FakeStaffSessionsCalls,
): StaffSessionsApi {
  let mine = [...(options.mySessions ?? [])];
  const users: Record<string, StaffSessionDto[]> = { ...(options.userSessions ?? {}) };
  const endMine = async (id: string) => {
    calls.endMySession.push(id);
    if (options.endMySession) return options.endMySession(id);
    const session = mine.find((s) => s.id === id);
    if (!session) throw refused('not_found', 'No such session.');
    if (session.current) throw refused('conflict', 'Sign out to end this session.');
    mine = mine.filter((s) => s.id !== id);
  };
  const endOthers = async () => {
    calls.endOtherSessions += 1;
    if (options.endOtherSessions) return options.endOtherSessions();
    const ended = mine.filter((s) => !s.current).length;
    mine = mine.filter((s) => s.current);
    return { ended };
  };
  const endForUser = async (userId: string, sessionId: string) => {
    calls.endUserSession.push({ userId, sessionId });
    if (options.endUserSession) return options.endUserSession(userId, sessionId);
    const list = users[userId] ?? [];
    if (!list.some((s) => s.id === sessionId)) throw refused('not_found', 'No such session.');
    users[userId] = list.filter((s) => s.id !== sessionId);
  };
  const endAllForUser = async (userId: string) => {
    calls.endAllUserSessions.push(userId);
    if (options.endAllUserSessions) return options.endAllUserSessions(userId);
    const list = users[userId] ?? [];
    users[userId] = list.filter((s) => s.current);
    return { ended: list.length - users[userId].length };
  };
  return {
    list: (userId) =>
      Promise.resolve({ items: userId === undefined ? mine : (users[userId] ?? []) }),
    end: (userId, sessionId) =>
      userId === undefined ? endMine(sessionId) : endForUser(userId, sessionId),
    endAll: (userId) => (userId === undefined ? endOthers() : endAllForUser(userId)),
  };
}
