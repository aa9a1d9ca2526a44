import {
  dryRun,
  DAY_MS,
  describePolicyDiff,
  validatePolicy,
  type ApprovalPoliciesDto,
  type ApprovalPolicy,
  type PayoutFacts,
  type PolicyDryRunBody,
  type PolicyDryRunDto,
  type PolicyProposalDto,
  type ProposePolicyBody,
  type SessionUser,
} from '@payouts/contracts';
import { ApiError } from '../api/ApiError.js';
import type { ApprovalPoliciesApi } from '../features/approvalPolicies/approvalPoliciesApi.js';
import { buildApprovalPolicies } from './buildApprovalPolicies.js';

export interface FakeApprovalPoliciesOptions {
  /** What the default get starts from (the demo policy, version 1, by default). */
  approvalPolicies?: ApprovalPoliciesDto;
  proposePolicy?: (body: ProposePolicyBody) => Promise<PolicyProposalDto>;
  approvePolicyProposal?: (id: string) => Promise<PolicyProposalDto>;
  rejectPolicyProposal?: (id: string, reason: string) => Promise<PolicyProposalDto>;
  dryRunPolicy?: (body: PolicyDryRunBody) => Promise<PolicyDryRunDto>;
}

export interface FakeApprovalPoliciesCalls {
  getApprovalPolicies: number;
  proposePolicy: ProposePolicyBody[];
  approvePolicyProposal: string[];
  rejectPolicyProposal: { id: string; reason: string }[];
  dryRunPolicy: PolicyDryRunBody[];
}

export function emptyApprovalPoliciesCalls(): FakeApprovalPoliciesCalls {
  return {
    getApprovalPolicies: 0,
    proposePolicy: [],
    approvePolicyProposal: [],
    rejectPolicyProposal: [],
    dryRunPolicy: [],
  };
}

/** The instant the fake's dry run takes for "now". */
export const FAKE_NOW = '2026-11-25T12:00:00.000Z';
const DECIDED_AT = '2026-11-25T10:00:00.000Z';

function notFound(message: string) {
  return new ApiError('not_found', message, { status: 404, requestId: 'req_test' });
}

function invalid(policy: ApprovalPolicy): ApiError | undefined {
  const check = validatePolicy(policy);
  if (check.ok) return undefined;
  return new ApiError('validation_failed', 'The policy has errors.', {
    status: 422,
    requestId: 'req_test',
    errors: check.errors.map((e) => ({ ...e, pointer: `/policy${e.pointer}` })),
  });
}

/**
 * Policies in memory, for the page to read back what it changed: a proposal is checked with the
 * contracts' `validatePolicy` (422, pointers under `/policy`) and a dry run is the contracts'
 * `dryRun`, the code the SPA and the BFF share. Who may approve, and that one proposal waits at a
 * time, are the BFF's rules: a test that needs a refusal gives it.
 */
export function createFakeApprovalPoliciesApi(
  options: FakeApprovalPoliciesOptions,
  calls: FakeApprovalPoliciesCalls,
  currentUser: () => SessionUser | null,
): ApprovalPoliciesApi {
  let state = options.approvalPolicies ?? buildApprovalPolicies();
  let made = 0;
  const actor = () => {
    const user = currentUser();
    if (!user) throw new ApiError('unauthenticated', 'Sign in.', { status: 401 });
    return { id: user.id, email: user.email, name: user.name };
  };
  const pendingWithId = (id: string): PolicyProposalDto => {
    if (state.pending?.id !== id) throw notFound('No such pending proposal.');
    return state.pending;
  };
  return {
    get: () => {
      calls.getApprovalPolicies += 1;
      return Promise.resolve(state);
    },
    propose: async (body) => {
      calls.proposePolicy.push(body);
      if (options.proposePolicy) return options.proposePolicy(body);
      const by = actor();
      const error = invalid(body.policy);
      if (error) throw error;
      made += 1;
      const proposal: PolicyProposalDto = {
        id: `pp_new_${made}`,
        status: 'pending',
        base_version: state.active.version,
        policy: body.policy,
        changes: describePolicyDiff(state.active.policy, body.policy),
        note: body.note ?? null,
        proposed_by: by,
        proposed_at: DECIDED_AT,
        decided_by: null,
        decided_at: null,
        reason: null,
        effective_at: null,
        weakening: null,
        cancelled_by: null,
        cancelled_at: null,
      };
      state = { ...state, pending: proposal };
      return proposal;
    },
    approve: async (id) => {
      calls.approvePolicyProposal.push(id);
      if (options.approvePolicyProposal) return options.approvePolicyProposal(id);
      const by = actor();
      const pending = pendingWithId(id);
      const decided: PolicyProposalDto = {
        ...pending,
        status: 'approved',
        decided_by: by,
        decided_at: DECIDED_AT,
      };
      state = {
        active: {
          version: state.active.version + 1,
          policy: pending.policy,
          proposed_by: pending.proposed_by,
          approved_by: by,
          active_since: DECIDED_AT,
        },
        pending: null,
        scheduled: state.scheduled,
        history: [decided, ...state.history],
      };
      return decided;
    },
    reject: async (id, reason) => {
      calls.rejectPolicyProposal.push({ id, reason });
      if (options.rejectPolicyProposal) return options.rejectPolicyProposal(id, reason);
      const by = actor();
      const decided: PolicyProposalDto = {
        ...pendingWithId(id),
        status: 'rejected',
        decided_by: by,
        decided_at: DECIDED_AT,
        reason,
      };
      state = { ...state, pending: null, history: [decided, ...state.history] };
      return decided;
    },
    dryRun: async (body) => {
      calls.dryRunPolicy.push(body);
      if (options.dryRunPolicy) return options.dryRunPolicy(body);
      const policy = body.policy ?? state.active.policy;
      const error = body.policy && invalid(body.policy);
      if (error) throw error;
      const now = new Date(FAKE_NOW);
      const days = body.payout.beneficiary_changed_days_ago;
      const facts: PayoutFacts = {
        amount: body.payout.amount,
        currency: body.payout.currency,
        payout_method_type: body.payout.payout_method_type,
        provider: body.payout.provider,
        country: body.payout.country,
        beneficiary:
          days === undefined
            ? null
            : { created_or_changed_at: new Date(now.getTime() - days * DAY_MS).toISOString() },
        in_batch: body.payout.in_batch ?? false,
        now,
      };
      return dryRun(policy, facts);
    },
  };
}
