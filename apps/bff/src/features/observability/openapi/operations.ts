import {
  batchCancelBody,
  batchListQuery,
  batchRejectBody,
  batchRetryBody,
  batchRowFixBody,
  batchRowsQuery,
  batchTemplateQuery,
  batchUploadQuery,
  batchValidateBody,
  beneficiaryListQuery,
  createBeneficiaryBody,
  payoutExportQuery,
  payoutListQuery,
  policyDryRunBody,
  proposePolicyBody,
  rejectBeneficiaryChangeBody,
  rejectPolicyBody,
  updateBeneficiaryBody,
} from '@payouts/contracts';
import {
  emptyBody,
  ENDPOINTS,
  type Access,
  type Endpoint,
  type Reply,
} from '@payouts/contracts/endpoints';
import type { z } from 'zod';
import {
  confirmTotpBody,
  registerPasskeyBody,
  totpEnrolmentBody,
  verifySessionBody,
} from '../../factors/factorsRouter.js';
import { labDepositBody } from '../../lab/labRouter.js';
import {
  cancelPayoutBody,
  bulkResolutionBody,
  payoutResolutionBody,
  rejectPayoutBody,
  sendAgainBody,
} from '../../payouts/payoutsRouter.js';
import { signInBody } from '../../session/sessionRouter.js';
import {
  createUserBody,
  rejectUserChangeBody,
  setPasswordBody,
  updateUserBody,
  userChangesQuery,
} from '../../users/usersRouter.js';
import type { HttpMethod } from '../mountedRoutes.js';
import {
  batchRow,
  authOptions,
  factors,
  batchDto,
  batchList,
  batchRows,
  beneficiaryDetail,
  beneficiaryDto,
  beneficiaryPage,
  payoutDetail,
  payoutDto,
  payoutPage,
  payoutResolutionResults,
  payoutSummary,
  sessionReply,
  staffUser,
  staffUserList,
  staffUserOrChange,
  userChange,
  userChangeList,
  approvalPolicies,
  depositOptions,
  depositTransaction,
  factorEnrolled,
  labDeposit,
  labPayout,
  labTestData,
  notificationOutcome,
  passkeyRegistrationOptions,
  passkeyVerificationOptions,
  policyDryRun,
  policyProposal,
  recoveryCodes,
  totpEnrolment,
} from './replySchemas.js';
import { createPayoutBody, labPayoutBody, orchestratorNotificationBody } from './requestSchemas.js';

export type { Access, Reply } from '@payouts/contracts/endpoints';

/** An endpoint as the document and the tests read it. */
export type ApiOperation = Endpoint;

/** `also`: other 2xx statuses with the same body (a create whose outcome is unknown: 202). */
const json = (schema: z.ZodType, status = 200, also?: readonly number[]): Reply => ({
  status,
  json: schema,
  ...(also ? { also } : {}),
});
const empty: Reply = { status: 204, kind: 'empty' };
const csv: Reply = { status: 200, kind: 'csv' };

type Row = [
  HttpMethod,
  string,
  string,
  Access,
  Reply,
  Partial<Pick<ApiOperation, 'query' | 'body' | 'idempotencyKey'>>?,
];

/**
 * Every `/api` route, by tag. A new route needs one row here (the completeness test fails until
 * it has one): method, path as mounted, summary, who may call it, its reply, and the zod
 * schemas the handler parses its query and body with (one line each: read and added at a glance).
 */
// prettier-ignore
const TABLE: Record<string, Row[]> = {
  Session: [
    ['post', '/api/session', 'Sign in with e-mail and password', 'public', json(sessionReply), { body: signInBody }],
    ['get', '/api/session', 'The signed-in user and their session', 'session:read', json(sessionReply)],
    ['delete', '/api/session', 'Sign out', 'public', empty],
    ['get', '/api/auth/options', 'How one may sign in (password, single sign-on)', 'public', json(authOptions)],
    ['get', '/api/auth/oidc/start', 'Start single sign-on (redirects to the identity provider)', 'public', { status: 302, kind: 'redirect' }],
    ['get', '/api/auth/oidc/callback', 'Back from single sign-on (redirects into the app)', 'public', { status: 302, kind: 'redirect' }],
    ['post', '/api/session/verify/options', 'Options for a passkey check of this session', 'session:read', json(passkeyVerificationOptions), { body: emptyBody }],
    ['post', '/api/session/verify', 'Prove a second factor for this session', 'session:read', json(sessionReply), { body: verifySessionBody }],
    ['get', '/api/me/factors', 'My second factors', 'session:read', json(factors)],
    ['post', '/api/me/factors/totp', 'Start enrolling an authenticator app', 'session:read', json(totpEnrolment, 201), { body: totpEnrolmentBody }],
    ['post', '/api/me/factors/totp/:id/confirm', 'Confirm an authenticator app with a code', 'session:read', json(factorEnrolled), { body: confirmTotpBody }],
    ['post', '/api/me/factors/passkeys/options', 'Options for registering a passkey', 'session:read', json(passkeyRegistrationOptions), { body: emptyBody }],
    ['post', '/api/me/factors/passkeys', 'Register a passkey', 'session:read', json(factorEnrolled, 201), { body: registerPasskeyBody }],
    ['delete', '/api/me/factors/:id', 'Remove one of my second factors', 'session:read', empty],
    ['post', '/api/me/recovery-codes', 'New recovery codes (the old ones stop working)', 'session:read', json(recoveryCodes)],
  ],
  Users: [
    ['get', '/api/users', 'Staff users', 'users:manage', json(staffUserList)],
    ['post', '/api/users', 'Create a staff user: a support account at once (201), a finance or admin account once a second admin approves (202, the change)', 'users:manage', json(staffUserOrChange, 201, [202]), { body: createUserBody }],
    ['patch', '/api/users/:id', 'Change a staff user (name, disabled, role): a raised role or a re-enabling waits for a second admin', 'users:manage', json(staffUser), { body: updateUserBody }],
    ['post', '/api/users/:id/password', 'Set a staff user’s password: one’s own at once (204), another’s once a second admin approves (202)', 'users:manage', json(userChange, 202), { body: setPasswordBody }],
    ['post', '/api/users/:id/factors/reset', 'Remove a staff user’s second factors: one’s own at once (204), another’s once a second admin approves (202)', 'users:manage', json(userChange, 202)],
    ['get', '/api/user-changes', 'Privileged account changes, newest first', 'users:manage', json(userChangeList), { query: userChangesQuery }],
    ['post', '/api/user-changes/:id/approve', 'Approve another admin’s account change (step-up)', 'users:manage', json(userChange), { body: emptyBody }],
    ['post', '/api/user-changes/:id/reject', 'Reject an account change (the proposer’s own: withdraw it)', 'users:manage', json(userChange), { body: rejectUserChangeBody }],
  ],
  Payouts: [
    ['post', '/api/payouts', 'Create a payout (a corridor’s form, or a saved beneficiary)', 'payouts:create', json(payoutDto, 201, [202]), { body: createPayoutBody, idempotencyKey: true }],
    ['get', '/api/payouts', 'List payouts', 'payouts:read', json(payoutPage), { query: payoutListQuery }],
    ['get', '/api/payouts/summary', 'Counts for the navigation badges', 'payouts:read', json(payoutSummary)],
    ['get', '/api/payouts/export.csv', 'Export payouts as CSV', 'payouts:export', csv, { query: payoutExportQuery }],
    ['get', '/api/payouts/:id', 'A payout and its history', 'payouts:read', json(payoutDetail)],
    ['post', '/api/payouts/:id/check-status', 'Ask the orchestrator for a payout’s status now', 'payouts:check-status', json(payoutDto)],
    ['post', '/api/payouts/:id/approve', 'Approve a payout', 'payouts:approve', json(payoutDto)],
    ['post', '/api/payouts/:id/reject', 'Reject a payout', 'payouts:approve', json(payoutDto), { body: rejectPayoutBody }],
    ['post', '/api/payouts/:id/cancel', 'Cancel a payout waiting for approval', 'payouts:cancel', json(payoutDto), { body: cancelPayoutBody }],
    ['post', '/api/payouts/:id/resolution', 'Settle an unknown payout by hand: found at the PSP, or mark it failed under four eyes', 'payouts:resolve', json(payoutDto), { body: payoutResolutionBody }],
    ['post', '/api/payouts/resolutions', 'Propose or confirm “not sent: mark failed” for several unknown payouts', 'payouts:resolve', json(payoutResolutionResults), { body: bulkResolutionBody }],
    ['post', '/api/payouts/:id/send-again', 'Send a payout marked failed again, as a new payout with a new order id', 'payouts:create', json(payoutDto, 201, [202]), { body: sendAgainBody, idempotencyKey: true }],
  ],
  Beneficiaries: [
    ['get', '/api/beneficiaries', 'List beneficiaries', 'beneficiaries:read', json(beneficiaryPage), { query: beneficiaryListQuery }],
    ['post', '/api/beneficiaries', 'Save a beneficiary', 'beneficiaries:write', json(beneficiaryDto, 201), { body: createBeneficiaryBody }],
    ['get', '/api/beneficiaries/:id', 'A beneficiary, its history and changes', 'beneficiaries:read', json(beneficiaryDetail)],
    ['patch', '/api/beneficiaries/:id', 'Change a beneficiary (details wait for a second person)', 'beneficiaries:write', json(beneficiaryDto), { body: updateBeneficiaryBody }],
    ['post', '/api/beneficiaries/:id/changes/:changeId/approve', 'Approve a pending change', 'beneficiaries:approve', json(beneficiaryDto)],
    ['post', '/api/beneficiaries/:id/changes/:changeId/reject', 'Reject a pending change', 'beneficiaries:approve', json(beneficiaryDto), { body: rejectBeneficiaryChangeBody }],
    ['post', '/api/beneficiaries/:id/archive', 'Archive a beneficiary', 'beneficiaries:write', json(beneficiaryDto)],
  ],
  Batches: [
    ['get', '/api/batches', 'List batches', 'batches:read', json(batchList), { query: batchListQuery }],
    ['get', '/api/batches/template', 'A CSV template for a corridor, type and PSP', 'batches:read', csv, { query: batchTemplateQuery }],
    ['post', '/api/batches', 'Upload a batch file (the CSV itself is the body)', 'batches:write', json(batchDto, 201), { query: batchUploadQuery, body: 'csv' }],
    ['get', '/api/batches/:id', 'A batch', 'batches:read', json(batchDto)],
    ['get', '/api/batches/:id/rows', 'A batch’s rows', 'batches:read', json(batchRows), { query: batchRowsQuery }],
    ['patch', '/api/batches/:id/rows/:row', 'Fix a row’s cells', 'batches:write', json(batchRow), { body: batchRowFixBody }],
    ['post', '/api/batches/:id/validate', 'Validate a batch', 'batches:write', json(batchDto), { body: batchValidateBody }],
    ['post', '/api/batches/:id/submit', 'Submit a batch for approval', 'batches:write', json(batchDto)],
    ['post', '/api/batches/:id/approve', 'Approve a batch', 'payouts:approve', json(batchDto)],
    ['post', '/api/batches/:id/reject', 'Reject a batch', 'payouts:approve', json(batchDto), { body: batchRejectBody }],
    ['post', '/api/batches/:id/cancel', 'Cancel a batch', 'batches:write', json(batchDto), { body: batchCancelBody }],
    ['post', '/api/batches/:id/retry', 'Retry a batch’s failed rows with another PSP', 'batches:write', json(batchDto, 201), { body: batchRetryBody }],
    ['get', '/api/batches/:id/results.csv', 'A batch’s results as CSV', 'batches:read', csv],
  ],
  'Approval policy': [
    ['get', '/api/approval-policies', 'The policy in force, its pending change and history', 'approval-policies:read', json(approvalPolicies)],
    ['post', '/api/approval-policies/proposals', 'Propose a policy change', 'approval-policies:manage', json(policyProposal, 201), { body: proposePolicyBody }],
    ['post', '/api/approval-policies/proposals/:id/approve', 'Approve a proposed change', 'approval-policies:manage', json(policyProposal)],
    ['post', '/api/approval-policies/proposals/:id/reject', 'Reject a proposed change', 'approval-policies:manage', json(policyProposal), { body: rejectPolicyBody }],
    ['post', '/api/approval-policies/dry-run', 'What a policy would have asked of past payouts', 'approval-policies:manage', json(policyDryRun), { body: policyDryRunBody }],
  ],
  Notifications: [
    ['post', '/api/orchestrator/notifications/:token', 'Status notifications from the orchestrator (secret path token)', 'token', json(notificationOutcome), { body: orchestratorNotificationBody }],
  ],
  Lab: [
    ['get', '/api/lab/test-data', 'Test data per PSP and payout type', 'lab:use', json(labTestData)],
    ['post', '/api/lab/payouts', 'Send a test payout (a refusal is a 200 with `problem`)', 'lab:use', json(labPayout, 201, [200, 202]), { body: labPayoutBody, idempotencyKey: true }],
    ['get', '/api/lab/deposits/options', 'PSPs and MIDs for card deposits', 'lab:use', json(depositOptions)],
    ['get', '/api/lab/fingerprint', 'The cashier’s device-fingerprint page', 'lab:use', { status: 200, kind: 'html' }],
    ['post', '/api/lab/deposits', 'Make a card deposit', 'lab:use', json(labDeposit), { body: labDepositBody }],
    ['get', '/api/lab/deposits/:id', 'A card deposit', 'lab:use', json(depositTransaction)],
  ],
};

/** Every `/api` route: the endpoints defined in `@payouts/contracts`, then the table's rows. */
export const API_OPERATIONS: readonly ApiOperation[] = [
  ...Object.values(ENDPOINTS),
  ...Object.entries(TABLE).flatMap(([tag, rows]) =>
    rows.map(([method, path, summary, access, reply, extra]) => ({
      method,
      path,
      summary,
      tag,
      access,
      reply,
      ...extra,
    })),
  ),
];
