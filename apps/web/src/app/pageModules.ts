/**
 * The module each page of `appRoutes` renders, by its path (react-router's pattern syntax).
 * The build writes the chunks each path needs to `dist/route-preloads.json` (vite.config.ts),
 * and the BFF lists them in the index.html it serves for that path as `modulepreload` links: a
 * cold load then fetches the page's code beside the entry, instead of one import level (one
 * round trip) at a time. `pageModules.test.ts` keeps it in step with `appRoutes`.
 */
export const PAGE_MODULES: Readonly<Record<string, string>> = {
  '/sign-in': 'src/features/session/SignInPage.tsx',
  '/invitation': 'src/features/session/InvitationPage.tsx',
  '/mailbox': 'src/features/session/MailboxPage.tsx',
  '/password-reset': 'src/features/session/PasswordResetPage.tsx',
  '/': 'src/features/overview/OverviewPage.tsx',
  '/payouts': 'src/features/payouts/PayoutsPage.tsx',
  '/payouts/new': 'src/features/payoutWizard/PayoutWizardPage.tsx',
  '/payouts/:id': 'src/features/payouts/PayoutDetailPage.tsx',
  '/approvals': 'src/features/approvals/ApprovalsPage.tsx',
  '/beneficiaries': 'src/features/beneficiaries/BeneficiariesPage.tsx',
  '/beneficiaries/new': 'src/features/beneficiaries/NewBeneficiaryPage.tsx',
  '/beneficiaries/:id': 'src/features/beneficiaries/BeneficiaryDetailPage.tsx',
  '/beneficiaries/:id/edit': 'src/features/beneficiaries/EditBeneficiaryPage.tsx',
  '/batches': 'src/features/batches/BatchesPage.tsx',
  '/batches/new': 'src/features/batches/NewBatchPage.tsx',
  '/batches/:id': 'src/features/batches/BatchDetailPage.tsx',
  '/providers': 'src/features/providers/ProvidersPage.tsx',
  '/users': 'src/features/users/UsersPage.tsx',
  '/audit': 'src/features/audit/AuditPage.tsx',
  '/approval-policies': 'src/features/approvalPolicies/ApprovalPoliciesPage.tsx',
  '/lab': 'src/features/lab/LabPage.tsx',
  '/lab/deposits': 'src/features/deposits/DepositConsolePage.tsx',
  '/security': 'src/features/staffSessions/SecurityPage.tsx',
};

/** The signed-in frame (header, menus, bell): every page but those of `PUBLIC_PATHS` needs it. */
export const FRAME_MODULE = 'src/app/AppShell.tsx';

/** Pages shown without a session, so without the frame. */
export const PUBLIC_PATHS: readonly string[] = [
  '/sign-in',
  '/invitation',
  '/mailbox',
  '/password-reset',
];
