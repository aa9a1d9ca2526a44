import { Navigate, useLocation } from 'react-router';
import { ErrorState } from '../components/ErrorState.js';
import { FullPageProgress } from '../components/FullPageProgress.js';
import { signInPath } from '../features/session/safeNextPath.js';
import { useSession } from '../features/session/useSession.js';
import { AppShell } from './AppShell.js';

/**
 * The gate in front of every signed-in page. Without a session (never signed in, signed out, or
 * a 401 from any call) it sends the user to sign in, with the way back in `?next=`.
 */
export function RequireSession() {
  const { user, error } = useSession();
  const location = useLocation();
  if (user === undefined) {
    if (error) {
      return (
        <ErrorState
          error={error}
          title="Could not check your session"
          onRetry={() => window.location.reload()}
        />
      );
    }
    return <FullPageProgress label="Checking your session" />;
  }
  if (user === null) {
    return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  }
  return <AppShell user={user} />;
}
