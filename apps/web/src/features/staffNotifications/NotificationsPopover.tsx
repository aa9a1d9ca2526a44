import type { NotificationDigest, StaffNotificationsResponse } from '@payouts/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { useApi } from '../../api/ApiContext.js';
import { staffNotificationQueryKeys } from './useStaffNotifications.js';

const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The bell's popover: newest first, unread in bold, "Mark all as read", the e-mail digest. */
export function NotificationsPopover({
  id,
  anchor,
  onClose,
  data,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  data: StaffNotificationsResponse | undefined;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const headingId = useId();
  const digestLabelId = useId();
  const open = anchor !== null;
  const settings = useQuery({
    queryKey: staffNotificationQueryKeys.settings,
    queryFn: ({ signal }) => api.staffNotifications.settings(signal),
    enabled: open,
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
  const items = data?.items ?? [];
  const unread = data?.unread_count ?? 0;
  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchor}
      onClose={onClose}
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
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          Notifications
        </Typography>
        <Button
          size="small"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate('all')}
        >
          Mark all as read
        </Button>
      </Box>
      <Divider />
      {items.length === 0 ? (
        <Typography sx={{ px: 2, py: 2 }} color="text.secondary">
          Nothing waits for you.
        </Typography>
      ) : (
        <List dense sx={{ maxHeight: 360, overflowY: 'auto' }} aria-label="Notifications">
          {items.map((item) => {
            const isUnread = item.read_at === null;
            return (
              <ListItem key={item.id} sx={{ display: 'block' }}>
                <Link
                  component={RouterLink}
                  to={item.link_path}
                  underline="hover"
                  sx={{ display: 'block' }}
                  onClick={() => {
                    if (isUnread) markRead.mutate([item.id]);
                    onClose();
                  }}
                >
                  {isUnread ? <strong>{item.title}</strong> : item.title}
                  {isUnread ? (
                    <Box component="span" sx={visuallyHidden}>
                      {' '}
                      (unread)
                    </Box>
                  ) : null}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {item.body}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  <time dateTime={item.created_at}>{TIME.format(new Date(item.created_at))}</time>
                </Typography>
              </ListItem>
            );
          })}
        </List>
      )}
      <Divider />
      <FormControl sx={{ px: 2, py: 1 }} disabled={!settings.data || updateSettings.isPending}>
        <FormLabel id={digestLabelId}>E-mail me</FormLabel>
        <RadioGroup
          row
          aria-labelledby={digestLabelId}
          value={settings.data?.digest ?? ''}
          onChange={(event) => updateSettings.mutate(event.target.value as NotificationDigest)}
        >
          <FormControlLabel
            value="immediate"
            control={<Radio size="small" />}
            label="Immediately"
          />
          <FormControlLabel value="hourly" control={<Radio size="small" />} label="Hourly digest" />
        </RadioGroup>
        {settings.data && !settings.data.email_enabled ? (
          <Typography variant="caption" color="text.secondary">
            E-mail is off on this server; the bell still shows everything.
          </Typography>
        ) : null}
      </FormControl>
    </Popover>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
