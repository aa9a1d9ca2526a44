import NotificationsIcon from '@mui/icons-material/Notifications';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useStaffNotifications } from './useStaffNotifications.js';

// Loaded on the first click: every page has the bell, few visits open it, and the list page's
// bundle is on a budget.
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
  const notifications = useStaffNotifications();
  const unread = notifications.data?.unread_count ?? 0;
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
      {unread > 0 ? (
        // Hidden from assistive technology: the button's name says the count in words.
        <Box
          component="span"
          aria-hidden="true"
          sx={{
            position: 'absolute',
            top: 2,
            right: -2,
            minWidth: 18,
            height: 18,
            px: 0.5,
            borderRadius: 9,
            bgcolor: 'error.dark',
            color: 'common.white',
            fontSize: '0.7rem',
            fontWeight: 700,
            lineHeight: '18px',
            textAlign: 'center',
            pointerEvents: 'none',
          }}
        >
          {unread > 99 ? '99+' : unread}
        </Box>
      ) : null}
      {used ? (
        <Suspense fallback={null}>
          <NotificationsPopover
            id={popoverId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            data={notifications.data}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
