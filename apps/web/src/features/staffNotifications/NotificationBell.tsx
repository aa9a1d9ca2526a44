import NotificationsIcon from '@mui/icons-material/Notifications';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import type { NotificationDigest } from '@payouts/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { CountBadge } from '../../components/CountBadge.js';
import { staffNotificationQueryKeys, useStaffNotifications } from './useStaffNotifications.js';

// The panel loads on first open (issue 15): with react-router kept out of the shell chunk
// (vite.config.ts) a lazy panel no longer re-splits the shared chunks, and every route is about
// 0.6 kB lighter for it (measured with tests/e2e/page-weight.spec.ts). The Popover is the
// shell's already (its menus use it).
const NotificationsPanel = lazy(() =>
  import('./NotificationsPanel.js').then((m) => ({ default: m.NotificationsPanel })),
);

/** `Notifications, 3 unread`: the button's name says the count the badge shows. */
export function bellLabel(unread: number): string {
  return `Notifications, ${unread} unread`;
}

/** The app bar's bell: unread count in a badge, a popover with the items and the digest setting. */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const popoverId = useId();
  const headingId = useId();
  const notifications = useStaffNotifications();
  const unread = notifications.data?.unread_count ?? 0;
  const api = useApi();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: staffNotificationQueryKeys.settings,
    queryFn: ({ signal }) => api.staffNotifications.settings(signal),
    enabled: used,
  });
  const markRead = useMutation({
    mutationFn: (ids: string[] | 'all') =>
      api.staffNotifications.markRead(ids === 'all' ? { all: true } : { ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffNotificationQueryKeys.list }),
  });
  const updateSettings = useMutation({
    mutationFn: (digest: NotificationDigest) => api.staffNotifications.updateSettings({ digest }),
    onSuccess: (next) => queryClient.setQueryData(staffNotificationQueryKeys.settings, next),
  });
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <IconButton
        color="inherit"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        aria-expanded={anchor ? 'true' : 'false'}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        <NotificationsIcon />
      </IconButton>
      {unread > 0 ? <CountBadge count={unread} /> : null}
      {used ? (
        <Popover
          id={popoverId}
          open={anchor !== null}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          slotProps={{
            paper: {
              role: 'dialog',
              'aria-labelledby': headingId,
              sx: { width: 360, maxWidth: 'calc(100vw - 32px)' },
            },
          }}
        >
          <Suspense fallback={null}>
            <NotificationsPanel
              headingId={headingId}
              data={notifications.data}
              settings={settings.data}
              busy={markRead.isPending || updateSettings.isPending}
              onMarkRead={(ids) => markRead.mutate(ids)}
              onDigest={(digest) => updateSettings.mutate(digest)}
              onClose={() => setAnchor(null)}
            />
          </Suspense>
        </Popover>
      ) : null}
    </Box>
  );
}
