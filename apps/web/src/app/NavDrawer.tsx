import ApprovalIcon from '@mui/icons-material/Approval';
import ContactsIcon from '@mui/icons-material/Contacts';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import HubIcon from '@mui/icons-material/Hub';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import PaymentsIcon from '@mui/icons-material/Payments';
import ScienceIcon from '@mui/icons-material/Science';
import HistoryIcon from '@mui/icons-material/History';
import PolicyIcon from '@mui/icons-material/Policy';
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
import { visuallyHidden } from '../components/visuallyHidden.js';
import { currentSectionPath } from './currentSectionPath.js';
import type { Section, SectionIcon } from './sections.js';

const ICONS: Readonly<Record<SectionIcon, ComponentType<SvgIconProps>>> = {
  overview: DashboardIcon,
  payouts: PaymentsIcon,
  approvals: ApprovalIcon,
  beneficiaries: ContactsIcon,
  providers: HubIcon,
  lab: ScienceIcon,
  deposits: CreditCardIcon,
  users: ManageAccountsIcon,
  audit: HistoryIcon,
  policies: PolicyIcon,
  batches: DynamicFeedIcon,
};

/** The top-left menu: the sections the signed-in role may open. */
export function NavDrawer({
  id,
  open,
  sections,
  onClose,
  counts = {},
}: {
  id: string;
  open: boolean;
  sections: readonly Section[];
  onClose: () => void;
  /** A count to show on a section's entry (by path): payouts awaiting my approval. */
  counts?: Readonly<Record<string, number>>;
}) {
  const { pathname } = useLocation();
  const current = currentSectionPath(sections, pathname);
  return (
    <Drawer
      id={id}
      open={open}
      onClose={onClose}
      // The drawer's paper is a dialog: it needs a name (axe aria-dialog-name).
      slotProps={{ paper: { 'aria-label': 'Menu' } }}
    >
      <Box component="nav" aria-label="Sections" sx={{ width: 260 }}>
        <Toolbar>
          <Typography variant="h6" component="p">
            Menu
          </Typography>
        </Toolbar>
        {/* Links, not list items, are its children: a div, so it is not a list without items. */}
        <List component="div">
          {sections.map(({ label, path, icon }) => {
            const Icon = ICONS[icon];
            return (
              <ListItemButton
                key={path}
                component={NavLink}
                to={path}
                // The home page's link is not "current" on every page under it.
                end={path === '/'}
                selected={path === current}
                onClick={onClose}
              >
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={label} />
                {counts[path] ? (
                  <Box
                    component="span"
                    sx={{
                      minWidth: 22,
                      height: 22,
                      px: 0.75,
                      borderRadius: 11,
                      bgcolor: 'error.dark',
                      color: 'common.white',
                      fontSize: '0.75rem',
                      fontWeight: 700,
                      lineHeight: '22px',
                      textAlign: 'center',
                    }}
                  >
                    {counts[path]}
                    <span style={visuallyHidden}> awaiting your approval</span>
                  </Box>
                ) : null}
              </ListItemButton>
            );
          })}
        </List>
      </Box>
    </Drawer>
  );
}
