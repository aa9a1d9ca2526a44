import type {
  NotificationDigest,
  NotificationSettingsDto,
  StaffNotificationsResponse,
} from '@payouts/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatInZone } from '../../components/formatDateTime.js';

const DIGESTS: { value: NotificationDigest; label: string }[] = [
  { value: 'immediate', label: 'Immediately' },
  { value: 'hourly', label: 'Hourly digest' },
];

const HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface NotificationsPanelProps {
  headingId: string;
  data: StaffNotificationsResponse | undefined;
  settings: NotificationSettingsDto | undefined;
  busy: boolean;
  onMarkRead: (ids: string[] | 'all') => void;
  onDigest: (digest: NotificationDigest) => void;
  onClose: () => void;
}

/**
 * The bell's content: newest first, unread in bold, "Mark all as read", and the e-mail digest.
 * Plain elements rather than MUI's List, Link and Radio: it is in the shell every page
 * downloads, and the list page's bundle is on a budget.
 */
export function NotificationsPanel({
  headingId,
  data,
  settings,
  busy,
  onMarkRead,
  onDigest,
  onClose,
}: NotificationsPanelProps) {
  const digestName = useId();
  const items = data?.items ?? [];
  const unread = data?.unread_count ?? 0;
  const digestDisabled = !settings || busy;
  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          Notifications
        </Typography>
        <Button size="small" disabled={unread === 0 || busy} onClick={() => onMarkRead('all')}>
          Mark all as read
        </Button>
      </Box>
      {items.length === 0 ? (
        <Typography sx={{ px: 2, py: 2 }} color="textSecondary">
          Nothing waits for you.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Notifications"
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 360, overflowY: 'auto' }}
        >
          {items.map((item) => {
            const isUnread = item.read_at === null;
            return (
              <Box component="li" key={item.id} sx={{ px: 2, py: 1 }}>
                <Box
                  component={RouterLink}
                  to={item.link_path}
                  sx={{
                    color: 'primary.main',
                    textDecoration: 'none',
                    '&:hover, &:focus-visible': { textDecoration: 'underline' },
                  }}
                  onClick={() => {
                    if (isUnread) onMarkRead([item.id]);
                    onClose();
                  }}
                >
                  {isUnread ? <strong>{item.title}</strong> : item.title}
                  {isUnread ? (
                    <Box component="span" sx={HIDDEN}>
                      {' '}
                      (unread)
                    </Box>
                  ) : null}
                </Box>
                <Typography variant="body2" color="textSecondary">
                  {item.body}
                </Typography>
                <Typography variant="caption" color="textSecondary" component="p">
                  <time dateTime={item.created_at}>
                    {formatInZone(item.created_at, undefined, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </time>
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
      <Box
        component="fieldset"
        disabled={digestDisabled}
        sx={{ m: 0, px: 2, py: 1, border: 0, borderTop: 1, borderColor: 'divider' }}
      >
        <Typography component="legend" variant="body2" sx={{ p: 0 }}>
          E-mail me
        </Typography>
        <Box sx={{ display: 'flex', gap: 2 }}>
          {DIGESTS.map(({ value, label }) => (
            <Typography
              key={value}
              component="label"
              variant="body2"
              sx={{ display: 'flex', gap: 0.5 }}
            >
              <input
                type="radio"
                name={digestName}
                value={value}
                checked={settings?.digest === value}
                onChange={() => onDigest(value)}
              />
              {label}
            </Typography>
          ))}
        </Box>
        {settings && !settings.email_enabled ? (
          <Typography variant="caption" color="textSecondary">
            E-mail is off on this server; the bell still shows everything.
          </Typography>
        ) : null}
      </Box>
    </>
  );
}
