import Popover from '@mui/material/Popover';
import { NotificationsPanel, type NotificationsPanelProps } from './NotificationsPanel.js';

/**
 * The bell's popover with its panel: loaded on the bell's first click (NotificationBell), so the
 * signed-in frame, which every page downloads, carries neither MUI's popover and modal machinery
 * nor the panel.
 */
export function NotificationsPopover({
  id,
  anchor,
  ...panel
}: NotificationsPanelProps & { id: string; anchor: HTMLElement | null }) {
  return (
    <Popover
      id={id}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={panel.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': panel.headingId,
          sx: { width: 360, maxWidth: 'calc(100vw - 32px)' },
        },
      }}
    >
      <NotificationsPanel {...panel} />
    </Popover>
  );
}
