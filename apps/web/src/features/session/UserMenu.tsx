import type { SessionUser } from '@payouts/contracts';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useSignOut } from './useSession.js';

// The menu and the zone dialog load when first asked for: the frame is in every page's bundle,
// and the list's and detail's are on a budget (apps/web/budgets.json).
const UserMenuList = lazy(() =>
  import('./UserMenuList.js').then((m) => ({ default: m.UserMenuList })),
);
const TimeZoneDialog = lazy(() =>
  import('../../app/TimeZoneDialog.js').then((m) => ({ default: m.TimeZoneDialog })),
);

export function UserMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
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
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        <AccountCircleIcon />
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <UserMenuList
            id={menuId}
            user={user}
            anchor={anchor}
            signingOut={signOut.isPending}
            onClose={() => setAnchor(null)}
            onTimeZone={() => setZoneOpen(true)}
            onSignOut={() => signOut.mutate()}
          />
        </Suspense>
      ) : null}
      {zoneOpen ? (
        <Suspense fallback={null}>
          <TimeZoneDialog onClose={() => setZoneOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
