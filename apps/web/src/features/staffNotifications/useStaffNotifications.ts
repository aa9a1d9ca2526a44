import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiContext.js';

/** How often the bell asks again while the page stays open (and on focus). */
export const NOTIFICATIONS_POLL_MS = 30_000;

export const staffNotificationQueryKeys = {
  all: ['staff-notifications'] as const,
  list: ['staff-notifications', 'list'] as const,
  settings: ['staff-notifications', 'settings'] as const,
};

/** One's own notifications and unread count, for the bell: every 30 s and on focus. */
export function useStaffNotifications() {
  const api = useApi();
  return useQuery({
    queryKey: staffNotificationQueryKeys.list,
    queryFn: ({ signal }) => api.staffNotifications.list(signal),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}
