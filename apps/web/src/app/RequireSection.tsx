import { can, ROLE_TITLES } from '@payouts/contracts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../features/session/useSession.js';
import { SECTIONS } from './sections.js';

/**
 * A section page only for the roles its permission allows. The BFF refuses the same roles on
 * the section's API; this keeps the page from half-loading for someone it will refuse.
 */
export function RequireSection({ path, children }: { path: string; children: ReactNode }) {
  const { user } = useSession();
  const section = SECTIONS.find((s) => s.path === path);
  if (!user || !section || can(user.role, section.permission)) return <>{children}</>;
  return (
    <div>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {section.label}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Your role ({ROLE_TITLES[user.role]}) cannot open {section.label}. Ask an admin if you need
        it.
      </Typography>
      <Button component={RouterLink} to="/payouts" variant="outlined">
        Back to payouts
      </Button>
    </div>
  );
}
