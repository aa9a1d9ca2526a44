import { ROLE_TITLES, type SessionUser } from '@payouts/contracts';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/**
 * The account menu's popup: loaded on the button's first click (UserMenu), so the signed-in
 * frame, which every page downloads, carries neither this code nor MUI's menu machinery.
 */
export function UserMenuList({
  id,
  user,
  anchor,
  signingOut,
  onClose,
  onTimeZone,
  onSignOut,
}: {
  id: string;
  user: SessionUser;
  anchor: HTMLElement | null;
  signingOut: boolean;
  onClose: () => void;
  onTimeZone: () => void;
  onSignOut: () => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      <Box sx={{ px: 2, py: 1, mb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1">{user.name}</Typography>
        <Typography variant="body2" color="textSecondary">
          {user.email}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          Role: {ROLE_TITLES[user.role] ?? user.role}
        </Typography>
      </Box>
      <MenuItem component={RouterLink} to="/security" onClick={onClose}>
        <ListItemText>Security</ListItemText>
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onTimeZone();
        }}
      >
        <ListItemText>Time zone</ListItemText>
      </MenuItem>
      <MenuItem
        disabled={signingOut}
        onClick={() => {
          onClose();
          onSignOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Sign out</ListItemText>
      </MenuItem>
    </Menu>
  );
}
