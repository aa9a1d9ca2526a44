import type { StaffSessionDto } from '@payouts/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../components/errorMessage.js';
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

/**
 * The sessions list with its endings as the Security page and the admin's dialog run them: the
 * session being confirmed, the "end all" confirmation, and what the last ending came to.
 */
export function useSessionEndings(userId: string | undefined, allEnded: (ended: number) => string) {
  const { sessions, endOne, endAll } = useStaffSessions(userId);
  const [ending, setEnding] = useState<StaffSessionDto | null>(null);
  const [endingAll, setEndingAll] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const start = () => {
    setNotice(null);
    setFailure(null);
  };
  return {
    sessions,
    endOne,
    endAll,
    busy: endOne.isPending || endAll.isPending,
    ending,
    setEnding,
    endingAll,
    setEndingAll,
    notice,
    failure,
    dismissNotice: () => setNotice(null),
    dismissFailure: () => setFailure(null),
    confirmEndOne: (session: StaffSessionDto) => {
      start();
      endOne.mutate(session.id, {
        onSuccess: () => setNotice(`The session on ${session.device} has ended.`),
        onError: (error) => setFailure(`The session could not be ended. ${errorMessage(error)}`),
        onSettled: () => setEnding(null),
      });
    },
    confirmEndAll: () => {
      start();
      endAll.mutate(undefined, {
        onSuccess: ({ ended }) => setNotice(allEnded(ended)),
        onError: (error) => setFailure(`The sessions could not be ended. ${errorMessage(error)}`),
        onSettled: () => setEndingAll(false),
      });
    },
  };
}
