import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NavLink, useLocation } from 'react-router';
import type { Section } from './sections.js';

/** The top-left menu: the sections the signed-in role may open. */
export function NavDrawer({
  id,
  open,
  sections,
  onClose,
}: {
  id: string;
  open: boolean;
  sections: readonly Section[];
  onClose: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <Drawer id={id} open={open} onClose={onClose}>
      <Box component="nav" aria-label="Sections" sx={{ width: 260 }}>
        <Toolbar>
          <Typography variant="h6" component="p">
            Menu
          </Typography>
        </Toolbar>
        <List>
          {sections.map(({ label, path, Icon }) => (
            <ListItemButton
              key={path}
              component={NavLink}
              to={path}
              selected={pathname === path || pathname.startsWith(`${path}/`)}
              onClick={onClose}
            >
              <ListItemIcon>
                <Icon />
              </ListItemIcon>
              <ListItemText primary={label} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
