import type {
  UserChangeDto,
  ApprovalDecisionsBody,
  ApprovalDecisionsDto,
  ApprovalInboxItemDto,
  AuditPage,
  BeneficiaryDetail,
  BeneficiaryDto,
  BeneficiaryListQueryParams,
  BeneficiaryPage,
  BeneficiaryPayoutRequest,
  CreateBeneficiaryRequest,
  UpdateBeneficiaryRequest,
  Corridor,
  DepositOptions,
  DepositTestDataDto,
  DepositTransaction,
  FieldError,
  LabDepositReply,
  LabDepositRequest,
  LabPayoutReply,
  LabTestDataQuery,
  AcceptInvitationBody,
  DemoMailboxDto,
  InvitationLookup,
  NewStaffUserBody,
  NotificationSettingsDto,
  StaffNotificationDto,
  PayoutDetail,
  PayoutDto,
  PayoutResolutionResultsDto,
  PayoutListQueryParams,
  PayoutPage,
  PayoutProvider,
  PayoutRequest,
  PayoutSummary,
  PayoutTotalsDto,
  PayoutFilterOptionsDto,
  ProviderMatrix,
  ProvidersReply,
  SessionSecurityDto,
  SessionUser,
  SignInBody,
  StaffUserDto,
  StaffUserPatchBody,
} from '@payouts/contracts';
import { ApiError, type ApiErrorCode } from '../api/ApiError.js';
import type { PayoutResolutionAction } from '../features/payouts/payoutsApi.js';
import type { Api } from '../api/createApi.js';
import type { QueryParams } from '../api/createHttpClient.js';
import { buildBeneficiary } from './buildBeneficiary.js';
import {
  createFakeApprovalPoliciesApi,
  emptyApprovalPoliciesCalls,
  type FakeApprovalPoliciesCalls,
  type FakeApprovalPoliciesOptions,
} from './fakeApprovalPoliciesApi.js';
import { buildPayout } from './buildPayout.js';
import {
  createFakeBatchesApi,
  emptyBatchesCalls,
  type FakeBatchesCalls,
  type FakeBatchesOptions,
} from './fakeBatchesApi.js';
import {
  createFakeStaffSessionsApi,
  emptyStaffSessionsCalls,
  type FakeStaffSessionsCalls,
  type FakeStaffSessionsOptions,
} from './fakeStaffSessionsApi.js';
// Saved views of the payouts list.
import {
  createFakePayoutViewsApi,
  emptyPayoutViewsCalls,
  type FakePayoutViewsCalls,
  type FakePayoutViewsOptions,
} from './fakePayoutViewsApi.js';
import {
  createFakeSecurityApi,
  emptySecurityCalls,
  NO_SECOND_FACTOR,
  type FakeSecurityCalls,
  type FakeSecurityOptions,
} from './fakeSecurityApi.js';
// The overview.
import {
  createFakeOverviewApi,
  emptyOverviewCalls,
  type FakeOverviewCalls,
  type FakeOverviewOptions,
} from './fakeOverviewApi.js';

/** Filter options naming one configured PSP, `acme` (Acme Pay). */
export const ACME_OPTIONS: PayoutFilterOptionsDto = {
  providers: [{ id: 'acme', title: 'Acme Pay', count: 3 }],
  decline_codes: [],
};

/** The default invitation a link opens: a support account's. */
export const INVITATION: InvitationLookup = {
  purpose: 'invitation',
  email: 'ina.vited@example.com',
  name: 'Ina Vited',
  role: 'support',
  expires_at: '2026-11-23T09:00:00.000Z',
};

export const FINANCE_USER: SessionUser = {
  id: 'u_1',
  email: 'fin@example.com',
  name: 'Fiona Finance',
  role: 'finance',
};
export const SUPPORT_USER: SessionUser = {
  id: 'u_2',
  email: 'sup@example.com',
  name: 'Sam Support',
  role: 'support',
};

export const ADMIN_USER: SessionUser = {
  id: 'u_3',
  email: 'ada@example.com',
  name: 'Ada Admin',
  role: 'admin',
};

export function apiError(
  code: ApiErrorCode,
  message = 'Refused.',
  extra: {
    status?: number;
    errors?: FieldError[];
    retryAfterSeconds?: number;
    /** The problem's extension members (e.g. `duplicates`). */
    extensions?: Record<string, unknown>;
  } = {},
): ApiError {
  return new ApiError(code, message, {
    status: extra.status ?? 422,
    errors: extra.errors ?? [],
    retryAfterSeconds: extra.retryAfterSeconds,
    ...(extra.extensions ? { extensions: extra.extensions } : {}),
    requestId: 'req_test',
  });
}

export interface FakeApiOptions
  extends
    FakeApprovalPoliciesOptions,
    FakeBatchesOptions,
    FakeStaffSessionsOptions,
    FakeSecurityOptions,
    FakePayoutViewsOptions,
    FakeOverviewOptions {
  user?: SessionUser | null;
  password?: string;
  signIn?: (input: SignInBody) => Promise<SessionUser>;
  corridors?: Corridor[];
  /** Providers per `COUNTRY/CURRENCY`. */
  providers?: Record<string, PayoutProvider[]>;
  list?: (query: PayoutListQueryParams) => Promise<PayoutPage>;
  get?: (id: string) => Promise<PayoutDetail>;
  checkStatus?: (id: string) => Promise<PayoutDto>;
  create?: (body: PayoutRequest, key: string) => Promise<PayoutDto>;
  /** What approving answers (default: the payout, sent, approved by the signed-in user). */
  approve?: (id: string) => Promise<PayoutDto>;
  reject?: (id: string, reason: string) => Promise<PayoutDto>;
  cancel?: (id: string, reason: string | undefined) => Promise<PayoutDto>;
  /** What settling an unknown payout by hand answers (default: 404). */
  resolve?: (id: string, action: PayoutResolutionAction) => Promise<PayoutDto>;
  sendAgain?: (id: string, orderId: string) => Promise<PayoutDto>;
  resolveMany?: (
    body: Parameters<Api['payouts']['resolveMany']>[0],
  ) => Promise<PayoutResolutionResultsDto>;
  summary?: () => Promise<PayoutSummary>;
  /** The list filters' PSPs and decline codes (default: none). */
  filterOptions?: () => Promise<PayoutFilterOptionsDto>;
  /** The list's totals (default: none). */
  totals?: (query: PayoutListQueryParams) => Promise<PayoutTotalsDto>;
  /** The review step's approval preview (default: no approval needed). */
  previewApproval?: Api['payouts']['previewApproval'];
  /** Payouts the default get and approve work on. */
  payouts?: PayoutDto[];
  matrix?: (refresh: boolean) => Promise<ProviderMatrix>;
  users?: StaffUserDto[];
  /** What `POST /api/users` answers (default: the account, made at once). */
  createUser?: (input: NewStaffUserBody) => Promise<StaffUserDto | UserChangeDto>;
  /** Whose invitation a token is (default: Ina Vited's, support); rejects for a bad link. */
  lookupInvitation?: (token: string) => Promise<InvitationLookup>;
  /** The demo's mailbox (default: none, 404). */
  demoMailbox?: DemoMailboxDto;
  /** What setting a password with an invitation answers (default: the lookup). */
  acceptInvitation?: (body: AcceptInvitationBody) => Promise<InvitationLookup>;
  /** Account changes waiting for a second admin. */
  userChanges?: UserChangeDto[];
  updateUser?: (id: string, patch: StaffUserPatchBody) => Promise<StaffUserDto>;
  audit?: (query: QueryParams) => Promise<AuditPage>;
  testData?: (query: LabTestDataQuery) => Promise<PayoutRequest>;
  sendPayout?: (body: PayoutRequest, key: string) => Promise<LabPayoutReply>;
  depositOptions?: DepositOptions;
  /** The deposit console's test data (default: refused with 404). */
  depositTestData?: (corridor: Corridor) => Promise<DepositTestDataDto>;
  sendDeposit?: (body: LabDepositRequest) => Promise<LabDepositReply>;
  deposit?: (id: string) => Promise<DepositTransaction>;
  createForBeneficiary?: (body: BeneficiaryPayoutRequest, key: string) => Promise<PayoutDto>;
  /** Beneficiaries the default list (all of them, whatever the query), get and actions read. */
  beneficiaries?: BeneficiaryDto[];
  listBeneficiaries?: (query: BeneficiaryListQueryParams) => Promise<BeneficiaryPage>;
  getBeneficiary?: (id: string) => Promise<BeneficiaryDetail>;
  createBeneficiary?: (body: CreateBeneficiaryRequest) => Promise<BeneficiaryDto>;
  /** What an edit answers (default: the names and e-mail changed; the details are the server's). */
  updateBeneficiary?: (id: string, body: UpdateBeneficiaryRequest) => Promise<BeneficiaryDto>;
  approveBeneficiaryChange?: (id: string, changeId: string) => Promise<BeneficiaryDto>;
  rejectBeneficiaryChange?: (
    id: string,
    changeId: string,
    reason: string,
  ) => Promise<BeneficiaryDto>;
  archiveBeneficiary?: (id: string) => Promise<BeneficiaryDto>;
  /**
   * The approvals inbox, as the server lists it; with more than one, each read after a decision
   * gives the next (the last one stays).
   */
  approvalInbox?: ApprovalInboxItemDto[] | ApprovalInboxItemDto[][];
  /** What a bulk decision answers (default: every payout decided: `sent` or `rejected`). */
  decideApprovals?: (body: ApprovalDecisionsBody) => Promise<ApprovalDecisionsDto>;
  /** The bell's items (newest first); mark-read and the digest setting change them in memory. */
  staffNotifications?: StaffNotificationDto[];
  notificationSettings?: NotificationSettingsDto;
}

export interface FakeApiCalls
  extends
    FakeApprovalPoliciesCalls,
    FakeBatchesCalls,
    FakeStaffSessionsCalls,
    FakeSecurityCalls,
    FakePayoutViewsCalls,
    FakeOverviewCalls {
  list: PayoutListQueryParams[];
  get: string[];
  checkStatus: string[];
  create: { body: PayoutRequest; key: string; payAgain?: boolean }[];
  approve: string[];
  resolve: { id: string; action: PayoutResolutionAction }[];
  sendAgain: { id: string; orderId: string; key: string }[];
  resolveMany: Parameters<Api['payouts']['resolveMany']>[0][];
  reject: { id: string; reason: string }[];
  cancel: { id: string; reason: string | undefined }[];
  summary: number;
  totals: PayoutListQueryParams[];
  previewApproval: Parameters<Api['payouts']['previewApproval']>[0][];
  providers: { corridor: Corridor; refresh: boolean }[];
  signIn: SignInBody[];
  signOut: number;
  matrix: { refresh: boolean }[];
  createUser: NewStaffUserBody[];
  acceptInvitation: AcceptInvitationBody[];
  requestPasswordReset: string[];
  invite: string[];
  updateUser: { id: string; patch: StaffUserPatchBody }[];
  sendPasswordReset: string[];
  decideUserChange: { id: string; reason?: string }[];
  audit: QueryParams[];
  testData: LabTestDataQuery[];
  sendPayout: { body: PayoutRequest; key: string }[];
  sendDeposit: LabDepositRequest[];
  deposit: string[];
  createForBeneficiary: { body: BeneficiaryPayoutRequest; key: string; payAgain?: boolean }[];
  listBeneficiaries: BeneficiaryListQueryParams[];
  getBeneficiary: string[];
  createBeneficiary: CreateBeneficiaryRequest[];
  updateBeneficiary: { id: string; body: UpdateBeneficiaryRequest }[];
  approveBeneficiaryChange: { id: string; changeId: string }[];
  rejectBeneficiaryChange: { id: string; changeId: string; reason: string }[];
  archiveBeneficiary: string[];
  approvalsList: number;
  decideApprovals: ApprovalDecisionsBody[];
  markNotificationsRead: ({ ids: string[] } | { all: true })[];
  updateNotificationSettings: string[];
}

function isListOfLists<T>(value: T[] | T[][] | undefined): value is T[][] {
  return Array.isArray(value) && value.length > 0 && Array.isArray(value[0]);
}

/**
 * An in-memory `Api` that records what it was asked and answers with what the test gave it, or
 * a plausible fixed reply. It decides nothing the BFF decides (who may approve, how many
 * approvals a payout needs, what a search finds, when a change waits for four eyes): a test that
 * needs such an answer gives it, and the BFF's own tests hold the rule.
 */
export function createFakeApi(options: FakeApiOptions = {}): { api: Api; calls: FakeApiCalls } {
  const calls: FakeApiCalls = {
    list: [],
    get: [],
    checkStatus: [],
    create: [],
    approve: [],
    resolve: [],
    sendAgain: [],
    resolveMany: [],
    reject: [],
    cancel: [],
    summary: 0,
    totals: [],
    previewApproval: [],
    providers: [],
    signIn: [],
    signOut: 0,
    matrix: [],
    createUser: [],
    acceptInvitation: [],
    requestPasswordReset: [],
    invite: [],
    updateUser: [],
    sendPasswordReset: [],
    decideUserChange: [],
    audit: [],
    testData: [],
    sendPayout: [],
    sendDeposit: [],
    deposit: [],
    createForBeneficiary: [],
    listBeneficiaries: [],
    getBeneficiary: [],
    createBeneficiary: [],
    updateBeneficiary: [],
    approveBeneficiaryChange: [],
    rejectBeneficiaryChange: [],
    archiveBeneficiary: [],
    approvalsList: 0,
    decideApprovals: [],
    markNotificationsRead: [],
    updateNotificationSettings: [],
    ...emptyApprovalPoliciesCalls(),
    ...emptyBatchesCalls(),
    // The overview.
    ...emptyOverviewCalls(),
    ...emptyStaffSessionsCalls(),
    ...emptySecurityCalls(),
    ...emptyPayoutViewsCalls(),
  };
  let staffNotifications = [...(options.staffNotifications ?? [])];
  let notificationSettings: NotificationSettingsDto = options.notificationSettings ?? {
    digest: 'immediate',
    email_enabled: true,
  };
  const unreadCount = () => staffNotifications.filter((n) => n.read_at === null).length;
  let users = [...(options.users ?? [])];
  let user = options.user === undefined ? FINANCE_USER : options.user;
  let security: SessionSecurityDto = { ...NO_SECOND_FACTOR, ...options.security };
  const reply = (signedIn: SessionUser) => ({ user: signedIn, security });
  // The inbox as given: one list, or the lists read in turn, one more after each decision.
  const inboxes: ApprovalInboxItemDto[][] = isListOfLists(options.approvalInbox)
    ? options.approvalInbox
    : [options.approvalInbox ?? []];
  let decisions = 0;
  const inbox = () => inboxes[Math.min(decisions, inboxes.length - 1)] ?? [];
  const created = new Map<string, PayoutDto>((options.payouts ?? []).map((p) => [p.id, p]));
  // A payout a change answered with is what later reads of it show, as the server would.
  const remember = async (reply: Promise<PayoutDto>): Promise<PayoutDto> => {
    const payout = await reply;
    created.set(payout.id, payout);
    return payout;
  };
  let beneficiaries = [...(options.beneficiaries ?? [])];
  const findBeneficiary = (id: string): BeneficiaryDto => {
    const found = beneficiaries.find((b) => b.id === id);
    if (!found) throw apiError('not_found', 'No such beneficiary.', { status: 404 });
    return found;
  };
  const replaceBeneficiary = (next: BeneficiaryDto): BeneficiaryDto => {
    beneficiaries = beneficiaries.map((b) => (b.id === next.id ? next : b));
    return next;
  };

  /** The plain answer to a rejection or a cancel: rejected by the signed-in user. */
  const rejected = (id: string, reason: string | null): PayoutDto =>
    buildPayout({
      id,
      status: 'rejected',
      requires_approval: true,
      rejected_by: user && { id: user.id, email: user.email, name: user.name },
      rejected_at: '2026-11-20T10:10:00.000Z',
      rejection_reason: reason,
    });

  const fakeSecurity = createFakeSecurityApi(options, calls, {
    user: () => user,
    security: () => security,
    setSecurity: (next) => {
      security = next;
    },
  });

  const api: Api = {
    session: {
      current: () => Promise.resolve(user && reply(user)),
      signIn: async (input) => {
        calls.signIn.push(input);
        if (options.signIn) {
          user = await options.signIn(input);
          return reply(user);
        }
        if (input.password !== (options.password ?? 'correct horse')) {
          throw apiError('unauthenticated', 'Email or password is incorrect.', { status: 401 });
        }
        user = FINANCE_USER;
        return reply(user);
      },
      signOut: () => {
        calls.signOut += 1;
        user = null;
        return Promise.resolve();
      },
      lookupInvitation: (token) =>
        options.lookupInvitation ? options.lookupInvitation(token) : Promise.resolve(INVITATION),
      demoMailbox: () =>
        options.demoMailbox
          ? Promise.resolve(options.demoMailbox)
          : Promise.reject(apiError('not_found', 'No demo mailbox.', { status: 404 })),
      requestPasswordReset: (email) => {
        calls.requestPasswordReset.push(email);
        return Promise.resolve();
      },
      acceptInvitation: (body) => {
        calls.acceptInvitation.push(body);
        return options.acceptInvitation
          ? options.acceptInvitation(body)
          : Promise.resolve(INVITATION);
      },
    },
    providers: {
      matrix: ({ refresh = false } = {}) => {
        calls.matrix.push({ refresh });
        return options.matrix
          ? options.matrix(refresh)
          : Promise.resolve({ psps: [], payout_method_types: [], corridors: [] });
      },
      corridors: () => Promise.resolve(options.corridors ?? [{ country: 'BE', currency: 'EUR' }]),
      providers: (corridor, { refresh = false } = {}) => {
        calls.providers.push({ corridor, refresh });
        const reply: ProvidersReply = {
          country: corridor.country,
          currency: corridor.currency,
          providers: options.providers?.[`${corridor.country}/${corridor.currency}`] ?? [],
          unsupported: [],
          fetched_at: '2026-11-20T09:00:00.000Z',
        };
        return Promise.resolve(reply);
      },
    },
    users: {
      list: () => Promise.resolve(users),
      create: (input) => {
        calls.createUser.push(input);
        if (options.createUser) return options.createUser(input);
        const created: StaffUserDto = {
          id: `u_new_${users.length + 1}`,
          email: input.email,
          name: input.name,
          role: input.role,
          disabled: false,
          created_at: '2026-11-20T09:00:00.000Z',
          last_sign_in_at: null,
          invitation: {
            state: 'sent',
            sent_at: '2026-11-20T09:00:00.000Z',
            expires_at: '2026-11-23T09:00:00.000Z',
          },
          pending_changes: [],
        };
        users = [...users, created];
        return Promise.resolve(created);
      },
      invite: (id) => {
        calls.invite.push(id);
        const found = users.find((u) => u.id === id);
        if (!found) return Promise.reject(apiError('not_found', 'No such user.', { status: 404 }));
        return Promise.resolve(found);
      },
      update: async (id, patch) => {
        calls.updateUser.push({ id, patch });
        const current = users.find((u) => u.id === id);
        if (!current) throw apiError('not_found', 'No such user.', { status: 404 });
        const updated = options.updateUser
          ? await options.updateUser(id, patch)
          : { ...current, ...patch };
        users = users.map((u) => (u.id === id ? updated : u));
        return updated;
      },
      sendPasswordReset: (id) => {
        calls.sendPasswordReset.push(id);
        const found = users.find((u) => u.id === id);
        if (!found) return Promise.reject(apiError('not_found', 'No such user.', { status: 404 }));
        return Promise.resolve(found);
      },
      changes: () => Promise.resolve(options.userChanges ?? []),
      approveChange: (id) => {
        calls.decideUserChange.push({ id });
        const change = (options.userChanges ?? []).find((c) => c.id === id);
        if (!change)
          return Promise.reject(apiError('not_found', 'No such account change.', { status: 404 }));
        return Promise.resolve({ ...change, status: 'approved' as const });
      },
      rejectChange: (id, reason) => {
        calls.decideUserChange.push({ id, reason });
        const change = (options.userChanges ?? []).find((c) => c.id === id);
        if (!change)
          return Promise.reject(apiError('not_found', 'No such account change.', { status: 404 }));
        return Promise.resolve({ ...change, status: 'rejected' as const, reason });
      },
    },
    approvals: {
      list: () => {
        calls.approvalsList += 1;
        return Promise.resolve({ items: inbox(), next_cursor: null });
      },
      decide: (body) => {
        calls.decideApprovals.push(body);
        decisions += 1;
        if (options.decideApprovals) return options.decideApprovals(body);
        const outcome = body.decision === 'approve' ? 'sent' : 'rejected';
        return Promise.resolve({
          results: body.payout_ids.map((id) => ({ payout_id: id, outcome })),
        });
      },
    },
    staffNotifications: {
      list: () => Promise.resolve({ items: [...staffNotifications], unread_count: unreadCount() }),
      markRead: (request) => {
        calls.markNotificationsRead.push(request);
        const at = '2026-11-20T10:00:00.000Z';
        staffNotifications = staffNotifications.map((n) =>
          n.read_at === null && ('all' in request || request.ids.includes(n.id))
            ? { ...n, read_at: at }
            : n,
        );
        return Promise.resolve({ unread_count: unreadCount() });
      },
      settings: () => Promise.resolve(notificationSettings),
      updateSettings: (patch) => {
        calls.updateNotificationSettings.push(patch.digest);
        notificationSettings = { ...notificationSettings, digest: patch.digest };
        return Promise.resolve(notificationSettings);
      },
    },
    audit: {
      list: (query) => {
        calls.audit.push(query);
        return options.audit
          ? options.audit(query)
          : Promise.resolve({ items: [], next_cursor: null });
      },
      exportUrl: (query) =>
        `/api/audit/export.csv?${new URLSearchParams(
          Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
        ).toString()}`,
    },
    lab: {
      testData: (query) => {
        calls.testData.push(query);
        return options.testData
          ? options.testData(query)
          : Promise.reject(apiError('not_found', 'No test data.', { status: 404 }));
      },
      sendPayout: (body, key) => {
        calls.sendPayout.push({ body, key });
        return options.sendPayout
          ? options.sendPayout(body, key)
          : Promise.resolve({
              payout: buildPayout({ order_id: body.order_id, is_test: true }),
              exchange: {
                request: { method: 'POST', path: '/payouts/{api_key}', body },
                response: { http_status: 200, body: { status: 'pending' } },
                duration_ms: 12,
              },
            });
      },
      depositOptions: () =>
        Promise.resolve(
          options.depositOptions ?? { psps: [], corridors: [{ country: 'BE', currency: 'EUR' }] },
        ),
      depositTestData: (corridor) =>
        options.depositTestData
          ? options.depositTestData(corridor)
          : Promise.reject(apiError('not_found', 'No test data.', { status: 404 })),
      fingerprintUrl: (query) => `/api/lab/fingerprint?${new URLSearchParams(query).toString()}`,
      sendDeposit: (body) => {
        calls.sendDeposit.push(body);
        return options.sendDeposit
          ? options.sendDeposit(body)
          : Promise.reject(apiError('internal', 'No deposit.', { status: 500 }));
      },
      deposit: (id) => {
        calls.deposit.push(id);
        return options.deposit
          ? options.deposit(id)
          : Promise.reject(apiError('not_found', 'No such deposit.', { status: 404 }));
      },
    },
    beneficiaries: {
      list: (query) => {
        calls.listBeneficiaries.push(query);
        if (options.listBeneficiaries) return options.listBeneficiaries(query);
        return Promise.resolve({ items: beneficiaries, next_cursor: null });
      },
      get: async (id) => {
        calls.getBeneficiary.push(id);
        if (options.getBeneficiary) return options.getBeneficiary(id);
        const beneficiary = findBeneficiary(id);
        return {
          beneficiary,
          events: [],
          changes: beneficiary.pending_change ? [beneficiary.pending_change] : [],
        };
      },
      create: async (body) => {
        calls.createBeneficiary.push(body);
        const made = options.createBeneficiary
          ? await options.createBeneficiary(body)
          : buildBeneficiary({
              display_name: body.display_name,
              reference: body.reference,
              email: body.email ?? null,
              country: body.country,
              currency: body.currency,
              state: body.state,
              payout_method_type: body.payout_method_type,
              provider: body.provider,
              details: body.details,
            });
        beneficiaries = [...beneficiaries, made];
        return made;
      },
      update: async (id, body) => {
        calls.updateBeneficiary.push({ id, body });
        if (options.updateBeneficiary)
          return replaceBeneficiary(await options.updateBeneficiary(id, body));
        const { details: _details, ...rest } = body;
        return replaceBeneficiary({ ...findBeneficiary(id), ...rest });
      },
      approveChange: async (id, changeId) => {
        calls.approveBeneficiaryChange.push({ id, changeId });
        if (options.approveBeneficiaryChange) {
          return replaceBeneficiary(await options.approveBeneficiaryChange(id, changeId));
        }
        return replaceBeneficiary({
          ...findBeneficiary(id),
          status: 'active',
          pending_change: null,
        });
      },
      rejectChange: async (id, changeId, reason) => {
        calls.rejectBeneficiaryChange.push({ id, changeId, reason });
        if (options.rejectBeneficiaryChange) {
          return replaceBeneficiary(await options.rejectBeneficiaryChange(id, changeId, reason));
        }
        return replaceBeneficiary({
          ...findBeneficiary(id),
          status: 'active',
          pending_change: null,
        });
      },
      archive: async (id) => {
        calls.archiveBeneficiary.push(id);
        if (options.archiveBeneficiary)
          return replaceBeneficiary(await options.archiveBeneficiary(id));
        return replaceBeneficiary({ ...findBeneficiary(id), status: 'archived' });
      },
    },
    approvalPolicies: createFakeApprovalPoliciesApi(options, calls, () => user),
    batches: createFakeBatchesApi(options, calls, () => user),
    // The overview.
    overview: createFakeOverviewApi(options, calls),
    staffSessions: createFakeStaffSessionsApi(options, calls),
    // Saved views of the payouts list.
    payoutViews: createFakePayoutViewsApi(options, calls, () => user),
    security: () => Promise.resolve(fakeSecurity),
    payouts: {
      list: (query) => {
        calls.list.push(query);
        return options.list
          ? options.list(query)
          : Promise.resolve({ items: [], next_cursor: null });
      },
      get: (id) => {
        calls.get.push(id);
        if (options.get) return options.get(id);
        const payout = created.get(id);
        return payout
          ? Promise.resolve({ payout, events: [] })
          : Promise.reject(apiError('not_found', 'No such payout.', { status: 404 }));
      },
      checkStatus: (id) => {
        calls.checkStatus.push(id);
        return options.checkStatus
          ? options.checkStatus(id)
          : Promise.reject(apiError('not_found', 'No such payout.', { status: 404 }));
      },
      create: async (body, key, createOptions) => {
        calls.create.push({ body, key, ...(createOptions?.payAgain ? { payAgain: true } : {}) });
        const payout = options.create
          ? await options.create(body, key)
          : buildPayout({ order_id: body.order_id, amount: body.amount, status: 'pending' });
        created.set(payout.id, payout);
        return payout;
      },
      createForBeneficiary: async (body, key, createOptions) => {
        calls.createForBeneficiary.push({
          body,
          key,
          ...(createOptions?.payAgain ? { payAgain: true } : {}),
        });
        const payout = options.createForBeneficiary
          ? await options.createForBeneficiary(body, key)
          : buildPayout({
              order_id: body.order_id,
              amount: body.amount,
              status: 'pending',
              beneficiary_id: body.beneficiary_id,
            });
        created.set(payout.id, payout);
        return payout;
      },
      resolve: (id, action) => {
        calls.resolve.push({ id, action });
        return options.resolve
          ? options.resolve(id, action)
          : Promise.reject(apiError('not_found', 'No such payout.', { status: 404 }));
      },
      resolveMany: (body) => {
        calls.resolveMany.push(body);
        return options.resolveMany ? options.resolveMany(body) : Promise.resolve({ results: [] });
      },
      sendAgain: (id, orderId, key) => {
        calls.sendAgain.push({ id, orderId, key });
        return options.sendAgain
          ? options.sendAgain(id, orderId)
          : Promise.reject(apiError('not_found', 'No such payout.', { status: 404 }));
      },
      approve: (id) => {
        calls.approve.push(id);
        const actor = user && { id: user.id, email: user.email, name: user.name };
        return remember(
          options.approve
            ? options.approve(id)
            : Promise.resolve(
                buildPayout({
                  id,
                  status: 'pending',
                  requires_approval: true,
                  approved_by: actor,
                  approved_at: '2026-11-20T10:10:00.000Z',
                }),
              ),
        );
      },
      reject: (id, reason) => {
        calls.reject.push({ id, reason });
        return remember(
          options.reject ? options.reject(id, reason) : Promise.resolve(rejected(id, reason)),
        );
      },
      cancel: (id, reason) => {
        calls.cancel.push({ id, reason });
        return remember(
          options.cancel
            ? options.cancel(id, reason)
            : Promise.resolve({ ...rejected(id, reason ?? null), cancelled: true }),
        );
      },
      summary: () => {
        calls.summary += 1;
        return options.summary
          ? options.summary()
          : Promise.resolve({
              awaiting_my_approval: 0,
              batches_awaiting_my_approval: 0,
              needs_attention: 0,
            });
      },
      filterOptions: () =>
        options.filterOptions
          ? options.filterOptions()
          : Promise.resolve({ providers: [], decline_codes: [] }),
      totals: (query) => {
        calls.totals.push(query);
        return options.totals
          ? options.totals(query)
          : Promise.resolve({ count: 0, by_currency: [] });
      },
      previewApproval: (body, signal) => {
        calls.previewApproval.push(body);
        return options.previewApproval
          ? options.previewApproval(body, signal)
          : Promise.resolve({
              id: 'default',
              name: 'Everything else',
              approvals_required: 0,
              roles: [],
            });
      },
      exportUrl: (query) =>
        `/api/payouts/export.csv?${new URLSearchParams(
          Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
        ).toString()}`,
    },
  };
  return { api, calls };
}
