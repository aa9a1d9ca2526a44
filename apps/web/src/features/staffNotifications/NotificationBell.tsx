import NotificationsIcon from '@mui/icons-material/Notifications';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { NotificationDigest } from '@payouts/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useApi } from '../../api/ApiContext.js';
import { CountBadge } from '../../components/CountBadge.js';
import { staffNotificationQueryKeys, useStaffNotifications } from './useStaffNotifications.js';

// The popover and its panel load on first open: the frame is in every page's bundle, and the
// frame's menus are lazy too, so MUI's popover and modal machinery leaves the list's and the
// detail's first screen.
const NotificationsPopover = lazy(() =>
  import('./NotificationsPopover.js').then((m) => ({ default: m.NotificationsPopover })),
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
        <Suspense fallback={null}>
          <NotificationsPopover
            id={popoverId}
            anchor={anchor}
            headingId={headingId}
            data={notifications.data}
            settings={settings.data}
            busy={markRead.isPending || updateSettings.isPending}
            onMarkRead={(ids) => markRead.mutate(ids)}
            onDigest={(digest) => updateSettings.mutate(digest)}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
