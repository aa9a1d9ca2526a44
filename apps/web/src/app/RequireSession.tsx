import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageProgress } from '../components/FullPageProgress.js';
import { signInPath } from '../features/session/safeNextPath.js';
import { useSession } from '../features/session/useSession.js';

// The signed-in frame (header, its menus, the notification bell) is a chunk of its own: the
// sign-in page never downloads it. Its download starts with the session check, so by the time
// the session is known it is usually there (no extra wait before the page's own chunk).
// Everything this module and the routes render with MUI comes from it (appRoutes: the
// section refusal, not-found): the entry, which the sign-in page downloads, has no MUI
// (docs/decisions/033).
export const loadAppShell = () => import('./AppShell.js');
const AppShell = lazy(() => loadAppShell().then((m) => ({ default: m.AppShell })));
const SessionCheckError = lazy(() =>
  loadAppShell().then((m) => ({ default: m.SessionCheckError })),
);

// Only a session that still owes a second factor downloads it (from the Security page's chunk).
const SecondFactorGate = lazy(() =>
  import('../features/staffSessions/SecurityPage.js').then((m) => ({
    default: m.SecondFactorGate,
  })),
);

/**
 * The gate in front of every signed-in page. Without a session (never signed in, signed out, or
 * a 401 from any call) it sends the user to sign in, with the way back in `?next=`. A session
 * that must verify or enrol a second factor sees only that, in place: the page asked for shows
 * once it is done.
 */
export function RequireSession() {
  const { user, security, error } = useSession();
  const location = useLocation();
  useEffect(() => {
    void loadAppShell();
  }, []);
  if (user === undefined) {
    if (error) {
      return (
        <Suspense fallback={<FullPageProgress label="Checking your session" />}>
          <SessionCheckError error={error} />
        </Suspense>
      );
    }
    return <FullPageProgress label="Checking your session" />;
  }
  if (user === null) {
    return <Navigate to={signInPath(location.pathname + location.search)} replace />;
  }
  const owed = security?.second_factor;
  if (owed === 'verify' || owed === 'enrol') {
    return (
      <Suspense fallback={<FullPageProgress />}>
        <SecondFactorGate user={user} security={security!} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<FullPageProgress />}>
      <AppShell user={user} />
    </Suspense>
  );
}
