import { ROLE_TITLES, type SessionUser } from '@payouts/contracts';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSignOut } from './useSession.js';

// The zone list and its search load when asked for: the shell is in every route's bundle.
const TimeZoneDialog = lazy(() =>
  import('../../app/TimeZoneDialog.js').then((m) => ({ default: m.TimeZoneDialog })),
);

export function UserMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const signOut = useSignOut();
  const [zoneOpen, setZoneOpen] = useState(false);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Account: ${user.name}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Box sx={{ px: 2, py: 1, mb: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle1">{user.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Role: {ROLE_TITLES[user.role] ?? user.role}
          </Typography>
        </Box>
        {/* No icon of its own: the shell is in the list page's bundle, which is on a budget. */}
        <MenuItem component={RouterLink} to="/security" onClick={() => setAnchor(null)}>
          <ListItemText>Security</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setZoneOpen(true);
          }}
        >
          <ListItemText>Time zone</ListItemText>
        </MenuItem>
        <MenuItem
          disabled={signOut.isPending}
          onClick={() => {
            setAnchor(null);
            signOut.mutate();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Sign out</ListItemText>
        </MenuItem>
      </Menu>
      {zoneOpen ? (
        <Suspense fallback={null}>
          <TimeZoneDialog onClose={() => setZoneOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
