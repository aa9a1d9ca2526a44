import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageProgress } from '../components/FullPageProgress.js';
import { NotFoundPage } from './NotFoundPage.js';
import { RequireSession } from './RequireSession.js';

// One chunk per page: the list never downloads the wizard (and its form engine), and the
// sign-in page downloads neither.
const SignInPage = lazy(() =>
  import('../features/session/SignInPage.js').then((m) => ({ default: m.SignInPage })),
);
const PayoutsPage = lazy(() =>
  import('../features/payouts/PayoutsPage.js').then((m) => ({ default: m.PayoutsPage })),
);
const PayoutDetailPage = lazy(() =>
  import('../features/payouts/PayoutDetailPage.js').then((m) => ({ default: m.PayoutDetailPage })),
);
const PayoutWizardPage = lazy(() =>
  import('../features/payoutWizard/PayoutWizardPage.js').then((m) => ({
    default: m.PayoutWizardPage,
  })),
);

export const appRoutes: RouteObject[] = [
  {
    path: '/sign-in',
    element: (
      <Suspense fallback={<FullPageProgress />}>
        <SignInPage />
      </Suspense>
    ),
  },
  {
    path: '/',
    element: <RequireSession />,
    children: [
      { index: true, element: <Navigate to="/payouts" replace /> },
      { path: 'payouts', element: <PayoutsPage /> },
      { path: 'payouts/new', element: <PayoutWizardPage /> },
      { path: 'payouts/:id', element: <PayoutDetailPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
