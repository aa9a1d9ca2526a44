import CreditCardIcon from '@mui/icons-material/CreditCard';
import HubIcon from '@mui/icons-material/Hub';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PaymentsIcon from '@mui/icons-material/Payments';
import ScienceIcon from '@mui/icons-material/Science';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { NavLink, useLocation } from 'react-router';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { currentSectionPath, type Section, type SectionIcon } from './sections.js';

const ICONS: Readonly<Record<SectionIcon, ComponentType<SvgIconProps>>> = {
  payouts: PaymentsIcon,
  providers: HubIcon,
  lab: ScienceIcon,
  deposits: CreditCardIcon,
  users: ManageAccountsIcon,
  audit: HistoryIcon,
};

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
  const current = currentSectionPath(sections, pathname);
  return (
    <Drawer id={id} open={open} onClose={onClose}>
      <Box component="nav" aria-label="Sections" sx={{ width: 260 }}>
        <Toolbar>
          <Typography variant="h6" component="p">
            Menu
          </Typography>
        </Toolbar>
        <List>
          {sections.map(({ label, path, icon }) => {
            const Icon = ICONS[icon];
            return (
              <ListItemButton
                key={path}
                component={NavLink}
                to={path}
                selected={path === current}
                onClick={onClose}
              >
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={label} />
              </ListItemButton>
            );
          })}
        </List>
      </Box>
    </Drawer>
  );
}
