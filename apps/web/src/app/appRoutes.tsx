import { lazy, Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { FullPageProgress } from '../components/FullPageProgress.js';
import { loadAppShell, RequireSession } from './RequireSession.js';

// Rendered inside the signed-in frame, with MUI: they come with the frame's chunk, which every
// signed-in page loads first. The entry has no MUI: the sign-in page does not download it
// (docs/decisions/033).
const RequireSection = lazy(() => loadAppShell().then((m) => ({ default: m.RequireSection })));
const NotFoundPage = lazy(() => loadAppShell().then((m) => ({ default: m.NotFoundPage })));

// One chunk per page: the list never downloads the wizard (and its form engine), and the
// sign-in page downloads neither.
const SignInPage = lazy(() =>
  import('../features/session/SignInPage.js').then((m) => ({ default: m.SignInPage })),
);
// Where an invited person chooses their password: without a session, like the sign-in page.
const InvitationPage = lazy(() =>
  import('../features/session/InvitationPage.js').then((m) => ({ default: m.InvitationPage })),
);
// The demo's e-mail (demo mode without SMTP): without a session too.
const MailboxPage = lazy(() =>
  import('../features/session/MailboxPage.js').then((m) => ({ default: m.MailboxPage })),
);
// "Forgot your password?": without a session too.
const PasswordResetPage = lazy(() =>
  import('../features/session/PasswordResetPage.js').then((m) => ({
    default: m.PasswordResetPage,
  })),
);
// The home page for every role; its charts library loads with it, never with the shell.
const OverviewPage = lazy(() =>
  import('../features/overview/OverviewPage.js').then((m) => ({ default: m.OverviewPage })),
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
const ApprovalsPage = lazy(() =>
  import('../features/approvals/ApprovalsPage.js').then((m) => ({ default: m.ApprovalsPage })),
);

const BeneficiariesPage = lazy(() =>
  import('../features/beneficiaries/BeneficiariesPage.js').then((m) => ({
    default: m.BeneficiariesPage,
  })),
);
const BeneficiaryDetailPage = lazy(() =>
  import('../features/beneficiaries/BeneficiaryDetailPage.js').then((m) => ({
    default: m.BeneficiaryDetailPage,
  })),
);
const NewBeneficiaryPage = lazy(() =>
  import('../features/beneficiaries/NewBeneficiaryPage.js').then((m) => ({
    default: m.NewBeneficiaryPage,
  })),
);
const EditBeneficiaryPage = lazy(() =>
  import('../features/beneficiaries/EditBeneficiaryPage.js').then((m) => ({
    default: m.EditBeneficiaryPage,
  })),
);

const BatchesPage = lazy(() =>
  import('../features/batches/BatchesPage.js').then((m) => ({ default: m.BatchesPage })),
);
const NewBatchPage = lazy(() =>
  import('../features/batches/NewBatchPage.js').then((m) => ({ default: m.NewBatchPage })),
);
const BatchDetailPage = lazy(() =>
  import('../features/batches/BatchDetailPage.js').then((m) => ({ default: m.BatchDetailPage })),
);

// Staff tools, each its own chunk too: none of them adds to what the list downloads.
const ProvidersPage = lazy(() =>
  import('../features/providers/ProvidersPage.js').then((m) => ({ default: m.ProvidersPage })),
);
const UsersPage = lazy(() =>
  import('../features/users/UsersPage.js').then((m) => ({ default: m.UsersPage })),
);
const AuditPage = lazy(() =>
  import('../features/audit/AuditPage.js').then((m) => ({ default: m.AuditPage })),
);
const ApprovalPoliciesPage = lazy(() =>
  import('../features/approvalPolicies/ApprovalPoliciesPage.js').then((m) => ({
    default: m.ApprovalPoliciesPage,
  })),
);
const SecurityPage = lazy(() =>
  import('../features/staffSessions/SecurityPage.js').then((m) => ({ default: m.SecurityPage })),
);
const LabPage = lazy(() =>
  import('../features/lab/LabPage.js').then((m) => ({ default: m.LabPage })),
);
const DepositConsolePage = lazy(() =>
  import('../features/deposits/DepositConsolePage.js').then((m) => ({
    default: m.DepositConsolePage,
  })),
);

/** A page of a menu section: only for the roles the section is for. */
function inSection(path: string, section: string, Page: ComponentType): RouteObject {
  return {
    path,
    element: (
      <RequireSection path={section}>
        <Page />
      </RequireSection>
    ),
  };
}

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
    path: '/invitation',
    element: (
      <Suspense fallback={<FullPageProgress />}>
        <InvitationPage />
      </Suspense>
    ),
  },
  {
    path: '/password-reset',
    element: (
      <Suspense fallback={<FullPageProgress />}>
        <PasswordResetPage />
      </Suspense>
    ),
  },
  {
    path: '/mailbox',
    element: (
      <Suspense fallback={<FullPageProgress />}>
        <MailboxPage />
      </Suspense>
    ),
  },
  {
    path: '/',
    element: <RequireSession />,
    children: [
      { index: true, element: <OverviewPage /> },
      { path: 'payouts', element: <PayoutsPage /> },
      { path: 'payouts/new', element: <PayoutWizardPage /> },
      { path: 'payouts/:id', element: <PayoutDetailPage /> },
      inSection('approvals', '/approvals', ApprovalsPage),
      inSection('beneficiaries', '/beneficiaries', BeneficiariesPage),
      inSection('beneficiaries/new', '/beneficiaries', NewBeneficiaryPage),
      inSection('beneficiaries/:id', '/beneficiaries', BeneficiaryDetailPage),
      inSection('beneficiaries/:id/edit', '/beneficiaries', EditBeneficiaryPage),
      inSection('batches', '/batches', BatchesPage),
      inSection('batches/new', '/batches', NewBatchPage),
      inSection('batches/:id', '/batches', BatchDetailPage),
      inSection('providers', '/providers', ProvidersPage),
      inSection('users', '/users', UsersPage),
      inSection('audit', '/audit', AuditPage),
      inSection('approval-policies', '/approval-policies', ApprovalPoliciesPage),
      inSection('lab', '/lab', LabPage),
      inSection('lab/deposits', '/lab/deposits', DepositConsolePage),
      // Every signed-in user's own account page: not a section of the menu (the account menu).
      { path: 'security', element: <SecurityPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The app's pages at the current location (inside a `BrowserRouter`, or a `MemoryRouter` in tests). */
export function AppRoutes({ routes = appRoutes }: { routes?: RouteObject[] }) {
  return useRoutes(routes);
}
