import { can, type SessionUser } from '@payouts/contracts';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { CountBadge } from '../components/CountBadge.js';
import { ErrorState } from '../components/ErrorState.js';
import { FullPageProgress } from '../components/FullPageProgress.js';
import { usePayoutSummary } from '../features/payouts/usePayoutSummary.js';
import { NotificationBell } from '../features/staffNotifications/NotificationBell.js';
import { UserMenu } from '../features/session/UserMenu.js';
import { sectionsFor } from './sections.js';
import { MuiRoot } from './theme/MuiRoot.js';
import { ThemeModeMenu } from './theme/ThemeModeMenu.js';

// What the routes (the entry) render with MUI inside or around the frame: they come with the
// frame's chunk, which the session gate loads anyway, so the entry (and the sign-in page) never
// downloads MUI (docs/decisions/033).
export { NotFoundPage } from './NotFoundPage.js';
export { RequireSection } from './RequireSection.js';

// Loaded on the first click of the menu button: every page needs the shell, few visits open the
// menu, and the list page's bundle is on a budget.
const NavDrawer = lazy(() => import('./NavDrawer.js').then((m) => ({ default: m.NavDrawer })));

const MENU_ID = 'app-menu';

/**
 * `1 payout awaits your approval`, `3 payouts await your approval`, `2 payouts and 1 batch
 * await your approval`.
 */
export function awaitingText(payouts: number, batches = 0): string {
  const parts = [
    payouts > 0 || batches === 0 ? `${payouts} payout${payouts === 1 ? '' : 's'}` : '',
    batches > 0 ? `${batches} batch${batches === 1 ? '' : 'es'}` : '',
  ].filter((part) => part !== '');
  const one = payouts + batches === 1;
  return `${parts.join(' and ')} ${one ? 'awaits' : 'await'} your approval`;
}

const SKIP_LINK_SX = {
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 2000,
  p: 1,
  bgcolor: 'background.paper',
  color: 'text.primary',
  '&:focus': { top: 8 },
} as const;

/** RequireSession's answer when the session could not be checked (outside the frame). */
export function SessionCheckError({ error }: { error: unknown }) {
  return (
    <MuiRoot>
      <ErrorState
        error={error}
        title="Could not check your session"
        onRetry={() => window.location.reload()}
      />
    </MuiRoot>
  );
}

/**
 * The frame around every signed-in page: the top-left menu, the theme and account menus. It
 * renders MUI's root (theme, baseline styles): the app root does not (docs/decisions/033).
 */
export function AppShell({ user }: { user: SessionUser }) {
  return (
    <MuiRoot>
      <Frame user={user} />
    </MuiRoot>
  );
}

function Frame({ user }: { user: SessionUser }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const summary = usePayoutSummary(user.role);
  const awaitingPayouts = summary.data?.awaiting_my_approval ?? 0;
  const awaitingBatches = summary.data?.batches_awaiting_my_approval ?? 0;
  // The menu counts what waits for my decision: payouts and batches alike.
  const awaiting = awaitingPayouts + awaitingBatches;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="a" href="#main" sx={SKIP_LINK_SX}>
        Skip to content
      </Box>
      {/* A header styled as MUI's AppBar (sticky, primary in light, dark surface in dark) without
          its component: the list page's bundle is on a budget. */}
      <Box
        component="header"
        sx={(theme) => ({
          position: 'sticky',
          top: 0,
          zIndex: theme.zIndex.appBar,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          boxShadow: theme.shadows[1],
          ...theme.applyStyles('dark', { bgcolor: 'background.paper', color: 'text.primary' }),
        })}
      >
        <Toolbar>
          <Box sx={{ position: 'relative', display: 'inline-flex', mr: 1 }}>
            <IconButton
              color="inherit"
              edge="start"
              aria-label={
                awaiting > 0
                  ? `Open menu (${awaitingText(awaitingPayouts, awaitingBatches)})`
                  : 'Open menu'
              }
              aria-haspopup="true"
              aria-controls={menuOpen ? MENU_ID : undefined}
              aria-expanded={menuOpen ? 'true' : 'false'}
              onClick={() => {
                setMenuUsed(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </IconButton>
            {awaiting > 0 ? <CountBadge count={awaiting} /> : null}
          </Box>
          <Typography variant="h6" component="p" sx={{ flexGrow: 1 }}>
            Payouts back-office
          </Typography>
          {can(user.role, 'payouts:create') ? (
            // A fresh wizard from every page (a push, never a resumed result).
            <Button
              color="inherit"
              variant="outlined"
              component={RouterLink}
              to="/payouts/new"
              aria-label="New payout"
              sx={{ mr: 1, minWidth: 0, px: { xs: 1, sm: 1.5 }, whiteSpace: 'nowrap' }}
            >
              <span aria-hidden="true">+</span>
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, ml: 0.75 }}>
                New payout
              </Box>
            </Button>
          ) : null}
          <NotificationBell />
          <ThemeModeMenu />
          <UserMenu user={user} />
        </Toolbar>
      </Box>
      {menuUsed ? (
        <Suspense fallback={null}>
          <NavDrawer
            id={MENU_ID}
            open={menuOpen}
            sections={sectionsFor(user.role)}
            counts={{ '/approvals': awaiting }}
            onClose={() => setMenuOpen(false)}
          />
        </Suspense>
      ) : null}
      <Box
        component="main"
        id="main"
        tabIndex={-1}
        sx={{ p: { xs: 2, md: 3 }, maxWidth: 1600, mx: 'auto', outline: 'none' }}
      >
        <Suspense fallback={<FullPageProgress />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
