import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';

/** Every sessions query starts with this: ending any session refreshes them all. */
export const STAFF_SESSIONS_KEY = ['staffSessions'] as const;
const MINE_KEY = [...STAFF_SESSIONS_KEY, 'mine'] as const;
const userKey = (userId: string) => [...STAFF_SESSIONS_KEY, 'user', userId] as const;

function useInvalidateSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: STAFF_SESSIONS_KEY });
}

export function useMySessions() {
  const api = useApi();
  return useQuery({
    queryKey: MINE_KEY,
    queryFn: ({ signal }) => api.staffSessions.listMine(signal),
  });
}

export function useEndMySession() {
  const api = useApi();
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: (id: string) => api.staffSessions.endMine(id),
    onSettled: invalidate,
  });
}

export function useEndOtherSessions() {
  const api = useApi();
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: () => api.staffSessions.endOthers(),
    onSettled: invalidate,
  });
}

export function useUserSessions(userId: string) {
  const api = useApi();
  return useQuery({
    queryKey: userKey(userId),
    queryFn: ({ signal }) => api.staffSessions.listForUser(userId, signal),
  });
}

export function useEndUserSession(userId: string) {
  const api = useApi();
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: (sessionId: string) => api.staffSessions.endForUser(userId, sessionId),
    onSettled: invalidate,
  });
}

export function useEndAllUserSessions(userId: string) {
  const api = useApi();
  const invalidate = useInvalidateSessions();
  return useMutation({
    mutationFn: () => api.staffSessions.endAllForUser(userId),
    onSettled: invalidate,
  });
}
