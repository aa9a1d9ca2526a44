import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';

/** Every sessions query starts with this: ending any session refreshes them all. */
export const STAFF_SESSIONS_KEY = ['staffSessions'] as const;

/**
 * One's own sessions (`userId` undefined) or a user's (admins), and the endings, which refresh
 * every sessions query when they settle.
 */
export function useStaffSessions(userId: string | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: STAFF_SESSIONS_KEY });
  const sessions = useQuery({
    queryKey: [...STAFF_SESSIONS_KEY, userId ?? 'mine'],
    queryFn: async ({ signal }) => (await api.staffSessions.list(userId, signal)).items,
  });
  const endOne = useMutation({
    mutationFn: (sessionId: string) => api.staffSessions.end(userId, sessionId),
    onSettled,
  });
  const endAll = useMutation({ mutationFn: () => api.staffSessions.endAll(userId), onSettled });
  return { sessions, endOne, endAll };
}
