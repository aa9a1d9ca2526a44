import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageProgress } from '../components/FullPageProgress.js';
import { NotFoundPage } from './NotFoundPage.js';
import { RequireSection } from './RequireSection.js';
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
      {
        path: 'approvals',
        element: (
          <RequireSection path="/approvals">
            <ApprovalsPage />
          </RequireSection>
        ),
      },
      {
        path: 'beneficiaries',
        element: (
          <RequireSection path="/beneficiaries">
            <BeneficiariesPage />
          </RequireSection>
        ),
      },
      {
        path: 'beneficiaries/new',
        element: (
          <RequireSection path="/beneficiaries">
            <NewBeneficiaryPage />
          </RequireSection>
        ),
      },
      {
        path: 'beneficiaries/:id',
        element: (
          <RequireSection path="/beneficiaries">
            <BeneficiaryDetailPage />
          </RequireSection>
        ),
      },
      {
        path: 'beneficiaries/:id/edit',
        element: (
          <RequireSection path="/beneficiaries">
            <EditBeneficiaryPage />
          </RequireSection>
        ),
      },
      {
        path: 'batches',
        element: (
          <RequireSection path="/batches">
            <BatchesPage />
          </RequireSection>
        ),
      },
      {
        path: 'batches/new',
        element: (
          <RequireSection path="/batches">
            <NewBatchPage />
          </RequireSection>
        ),
      },
      {
        path: 'batches/:id',
        element: (
          <RequireSection path="/batches">
            <BatchDetailPage />
          </RequireSection>
        ),
      },
      {
        path: 'providers',
        element: (
          <RequireSection path="/providers">
            <ProvidersPage />
          </RequireSection>
        ),
      },
      {
        path: 'users',
        element: (
          <RequireSection path="/users">
            <UsersPage />
          </RequireSection>
        ),
      },
      {
        path: 'audit',
        element: (
          <RequireSection path="/audit">
            <AuditPage />
          </RequireSection>
        ),
      },
      {
        path: 'approval-policies',
        element: (
          <RequireSection path="/approval-policies">
            <ApprovalPoliciesPage />
          </RequireSection>
        ),
      },
      {
        path: 'lab',
        element: (
          <RequireSection path="/lab">
            <LabPage />
          </RequireSection>
        ),
      },
      {
        path: 'lab/deposits',
        element: (
          <RequireSection path="/lab/deposits">
            <DepositConsolePage />
          </RequireSection>
        ),
      },
      // Every signed-in user's own account page: not a section of the menu (the account menu).
      { path: 'security', element: <SecurityPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
