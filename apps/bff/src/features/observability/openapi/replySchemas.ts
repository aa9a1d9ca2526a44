import {
  PAYOUT_ATTENTION_REASONS,
  APPROVER_ROLES,
  BATCH_ROW_STATES,
  BATCH_STATUSES,
  BENEFICIARY_CHANGE_STATUSES,
  BENEFICIARY_STATUSES,
  PAYOUT_METHOD_TYPES,
  PAYOUT_STATUSES,
  ROLES,
  type BatchDto,
  type BatchListDto,
  type BatchRowsDto,
  type BeneficiaryDetail,
  type BeneficiaryDto,
  type BeneficiaryPage,
  type PayoutDetail,
  type PayoutDto,
  type PayoutPage,
  type PayoutSummary,
  type BatchRowDto,
  type AuthOptionsDto,
  type FactorsDto,
  type SessionReply,
  type StaffUserDto,
  type StaffUserList,
  APPROVAL_CONDITION_NAMES,
  DEPOSIT_STATUSES,
  ERROR_CODE_NAMES,
  POLICY_PROPOSAL_STATUSES,
  approvalPolicySchema,
  approvalRuleSchema,
  type ApprovalPoliciesDto,
  type DepositOptions,
  type DepositTransaction,
  type ErrorCode,
  type FactorDto,
  type FactorEnrolledDto,
  type LabDepositReply,
  type LabPayoutReply,
  type LabTestDataReply,
  type PolicyDryRunDto,
  type PolicyProposalDto,
  type ProblemBody,
  type RecoveryCodesDto,
  type TotpEnrolmentDto,
  type PayoutResolutionResultsDto,
  type UserChangeDto,
  type UserChangeList,
  USER_CHANGE_KINDS,
  USER_CHANGE_STATUSES,
} from '@payouts/contracts';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { bulkItemProblem } from '@payouts/contracts/endpoints';
import { z } from 'zod';
import type { PayoutStatusUpdates } from '../../payouts/payoutStatusUpdates.js';

/*
 * The reply DTOs of `@payouts/contracts` as zod schemas, for the OpenAPI document only (routes
 * do not parse their own replies). `satisfies z.ZodType<Dto>` keeps each in step with its
 * TypeScript type; the conformance test checks real replies against the generated schemas.
 * Objects are strict: a field added to a DTO and not here fails the conformance test.
 */

const instant = z.string().meta({ format: 'date-time' });
const decimal = z.string().regex(/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/);
const metadataValue = z.union([z.string(), z.number()]);

export const payoutActor = z.strictObject({ id: z.string(), email: z.string(), name: z.string() });

const payoutApprovalRule = z.strictObject({
  id: z.string(),
  name: z.string(),
  approvals_required: z.number().int(),
  roles: z.array(z.enum(APPROVER_ROLES)),
});

export const payoutDto = z
  .strictObject({
    id: z.string(),
    order_id: z.string(),
    provider: z.string(),
    provider_title: z.string().nullable(),
    country: z.string(),
    currency: z.string(),
    state: z.string().nullable(),
    amount: decimal,
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
    metadata: z.record(z.string(), metadataValue),
    recipient: z.strictObject({ name: z.string().nullable(), email: z.string().nullable() }),
    status: z.enum(PAYOUT_STATUSES),
    orchestrator_status: z.string().nullable(),
    orchestrator_id: z.string().nullable(),
    psp_transaction_id: z.string().nullable(),
    decline_code: z.string().nullable(),
    decline_reason: z.string().nullable(),
    failure_reason: z.string().nullable(),
    is_test: z.boolean(),
    is_demo: z.boolean(),
    final_at: instant.nullable(),
    beneficiary_id: z.string().nullable(),
    batch: z.strictObject({ id: z.string(), row: z.number().int() }).nullable(),
    created_by: payoutActor,
    created_at: instant,
    updated_at: instant,
    requires_approval: z.boolean(),
    approval_threshold: decimal.nullable(),
    approval_rule: payoutApprovalRule.nullable(),
    approvals: z.array(z.strictObject({ by: payoutActor, at: instant, step: z.number().int() })),
    approved_by: payoutActor.nullable(),
    approved_at: instant.nullable(),
    rejected_by: payoutActor.nullable(),
    rejected_at: instant.nullable(),
    rejection_reason: z.string().nullable(),
    cancelled: z.boolean(),
    needs_attention: z.boolean(),
    attention_reason: z.enum(PAYOUT_ATTENTION_REASONS).nullable(),
    mark_failed: z
      .strictObject({
        reason: z.string(),
        requested_by: payoutActor,
        requested_at: instant,
        confirmed_by: payoutActor.nullable(),
      })
      .nullable(),
    resent_from: z.string().nullable(),
  })
  .meta({ id: 'Payout' }) satisfies z.ZodType<PayoutDto>;

const eventDto = z.strictObject({
  id: z.string(),
  type: z.string(),
  at: instant,
  actor: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export const payoutPage = z
  .strictObject({ items: z.array(payoutDto), next_cursor: z.string().nullable() })
  .meta({ id: 'PayoutPage' }) satisfies z.ZodType<PayoutPage>;

export const payoutDetail = z
  .strictObject({ payout: payoutDto, events: z.array(eventDto) })
  .meta({ id: 'PayoutDetail' }) satisfies z.ZodType<PayoutDetail>;

/** Why one payout of a bulk request was refused: the problem its single route would answer. */

export const payoutResolutionResults = z
  .strictObject({
    results: z.array(
      z.strictObject({
        payout_id: z.string(),
        outcome: z.enum(['done', 'refused']),
        status: z.enum(PAYOUT_STATUSES).optional(),
        problem: bulkItemProblem.optional(),
      }),
    ),
  })
  .meta({ id: 'PayoutResolutionResults' }) satisfies z.ZodType<PayoutResolutionResultsDto>;

export const payoutSummary = z
  .strictObject({ awaiting_my_approval: z.number().int(), needs_attention: z.number().int() })
  .meta({ id: 'PayoutSummary' }) satisfies z.ZodType<PayoutSummary>;

export const sessionReply = z
  .strictObject({
    user: z.strictObject({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: z.enum(ROLES),
    }),
    security: z.strictObject({
      auth_method: z.enum(['password', 'oidc', 'break_glass']),
      second_factor: z.enum(['satisfied', 'verify', 'enrol', 'not_required']),
      methods: z.array(z.enum(['totp', 'passkey', 'recovery_code'])),
      step_up: z.boolean(),
      step_up_until: instant.nullable(),
      step_up_minutes: z.number(),
    }),
  })
  .meta({ id: 'Session' }) satisfies z.ZodType<SessionReply>;

const beneficiaryChange = z.strictObject({
  id: z.string(),
  status: z.enum(BENEFICIARY_CHANGE_STATUSES),
  diff: z.array(
    z.strictObject({
      field: z.string(),
      from: metadataValue.nullable(),
      to: metadataValue.nullable(),
    }),
  ),
  proposed_by: payoutActor,
  proposed_at: instant,
  decided_by: payoutActor.nullable(),
  decided_at: instant.nullable(),
  reason: z.string().nullable(),
});

export const beneficiaryDto = z
  .strictObject({
    id: z.string(),
    display_name: z.string(),
    reference: z.string(),
    email: z.string().nullable(),
    country: z.string(),
    currency: z.string(),
    state: z.string().nullable(),
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
    provider: z.string(),
    provider_title: z.string().nullable(),
    details: z.record(z.string(), metadataValue),
    card_fields_required: z.boolean(),
    status: z.enum(BENEFICIARY_STATUSES),
    unusable_reason: z.string().nullable(),
    pending_change: beneficiaryChange.nullable(),
    created_by: payoutActor,
    created_at: instant,
    updated_by: payoutActor,
    updated_at: instant,
    payouts_count: z.number().int(),
    last_paid_at: instant.nullable(),
  })
  .meta({ id: 'Beneficiary' }) satisfies z.ZodType<BeneficiaryDto>;

export const beneficiaryPage = z
  .strictObject({ items: z.array(beneficiaryDto), next_cursor: z.string().nullable() })
  .meta({ id: 'BeneficiaryPage' }) satisfies z.ZodType<BeneficiaryPage>;

export const beneficiaryDetail = z
  .strictObject({
    beneficiary: beneficiaryDto,
    events: z.array(eventDto),
    changes: z.array(beneficiaryChange),
  })
  .meta({ id: 'BeneficiaryDetail' }) satisfies z.ZodType<BeneficiaryDetail>;

export const batchDto = z
  .strictObject({
    id: z.string(),
    status: z.enum(BATCH_STATUSES),
    file_name: z.string(),
    file_sha256: z.string(),
    country: z.string(),
    currency: z.string(),
    payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
    provider: z.string(),
    provider_title: z.string().nullable(),
    columns: z.array(z.strictObject({ name: z.string(), title: z.string() })),
    created_by: payoutActor,
    created_at: instant,
    updated_at: instant,
    submitted_at: instant.nullable(),
    completed_at: instant.nullable(),
    form_changed: z
      .strictObject({
        version: z.number().int().positive(),
        at: instant,
        rows: z.number().int().nonnegative(),
        withdrawn: z.boolean(),
      })
      .nullable(),
    changed_by_others: z.array(
      z.strictObject({
        by: payoutActor,
        at: instant,
        row: z.number().int().positive(),
        cells: z.array(z.strictObject({ column: z.string(), from: z.string(), to: z.string() })),
      }),
    ),
    counts: z.strictObject({
      rows: z.number().int(),
      invalid: z.number().int(),
      valid: z.number().int(),
      excluded: z.number().int(),
      queued: z.number().int(),
      sending: z.number().int(),
      cancelled: z.number().int(),
      payouts: z.partialRecord(z.enum(PAYOUT_STATUSES), z.number().int()),
    }),
    summary: z
      .strictObject({
        included: z.number().int(),
        excluded: z.number().int(),
        totals: z.array(z.strictObject({ currency: z.string(), amount: decimal })),
        per_provider: z.array(
          z.strictObject({
            provider: z.string(),
            provider_title: z.string().nullable(),
            rows: z.number().int(),
            amount: decimal,
          }),
        ),
        rows_needing_approval: z.number().int(),
        rows_waiting_individually: z.number().int(),
      })
      .nullable(),
    approval: z.strictObject({
      rule: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
      required: z.number().int(),
      roles: z.array(z.enum(APPROVER_ROLES)),
      approvals: z.array(z.strictObject({ by: payoutActor, at: instant, step: z.number().int() })),
      rejected: z.strictObject({ by: payoutActor, at: instant, reason: z.string() }).nullable(),
    }),
    can_decide: z.boolean(),
    cannot_decide_reason: z.string().nullable(),
    cancelled: z
      .strictObject({ by: payoutActor, at: instant, reason: z.string().nullable() })
      .nullable(),
    retry_of: z.string().nullable(),
  })
  .meta({ id: 'Batch' }) satisfies z.ZodType<BatchDto>;

export const batchList = z
  .strictObject({ items: z.array(batchDto), next_cursor: z.string().nullable() })
  .meta({ id: 'BatchList' }) satisfies z.ZodType<BatchListDto>;

export const batchRow = z
  .strictObject({
    row: z.number().int(),
    state: z.enum(BATCH_ROW_STATES),
    cells: z.record(z.string(), z.string()),
    errors: z.array(z.strictObject({ column: z.string().nullable(), message: z.string() })),
    order_id: z.string().nullable(),
    amount: decimal.nullable(),
    payout_id: z.string().nullable(),
    payout_status: z.enum(PAYOUT_STATUSES).nullable(),
    orchestrator_id: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'BatchRow' }) satisfies z.ZodType<BatchRowDto>;

export const batchRows = z
  .strictObject({ rows: z.array(batchRow), total: z.number().int() })
  .meta({ id: 'BatchRows' }) satisfies z.ZodType<BatchRowsDto>;

const userActor = z.strictObject({ id: z.string(), email: z.string(), name: z.string() });

export const userChange = z
  .strictObject({
    id: z.string(),
    kind: z.enum(USER_CHANGE_KINDS),
    status: z.enum(USER_CHANGE_STATUSES),
    user_id: z.string().nullable(),
    email: z.string(),
    name: z.string().nullable(),
    role: z.enum(ROLES).nullable(),
    from_role: z.enum(ROLES).nullable(),
    proposed_by: userActor,
    proposed_at: instant,
    decided_by: userActor.nullable(),
    decided_at: instant.nullable(),
    reason: z.string().nullable(),
    can_approve: z.boolean(),
    cannot_approve_reason: z.string().nullable(),
  })
  .meta({ id: 'UserChange' }) satisfies z.ZodType<UserChangeDto>;

export const userChangeList = z
  .strictObject({ items: z.array(userChange) })
  .meta({ id: 'UserChangeList' }) satisfies z.ZodType<UserChangeList>;

export const staffUser = z
  .strictObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    disabled: z.boolean(),
    created_at: instant,
    last_sign_in_at: instant.nullable(),
    pending_changes: z.array(userChange),
  })
  .meta({ id: 'StaffUser' }) satisfies z.ZodType<StaffUserDto>;

export const staffUserOrChange = z
  .union([staffUser, userChange])
  .meta({ id: 'StaffUserOrChange' }) satisfies z.ZodType<StaffUserDto | UserChangeDto>;

export const staffUserList = z
  .strictObject({ items: z.array(staffUser) })
  .meta({ id: 'StaffUserList' }) satisfies z.ZodType<StaffUserList>;

export { payoutView, payoutViewList } from '@payouts/contracts/endpoints';
export { approvalCount, approvalDecisions, approvalInbox } from '@payouts/contracts/endpoints';

export const authOptions = z
  .strictObject({
    password: z.enum(['on', 'break_glass', 'off']),
    oidc: z.strictObject({ name: z.string() }).nullable(),
  })
  .meta({ id: 'AuthOptions' }) satisfies z.ZodType<AuthOptionsDto>;

export { auditPage, endedSessions, staffSessions } from '@payouts/contracts/endpoints';

const factorDto = z
  .strictObject({
    id: z.string(),
    kind: z.enum(['totp', 'passkey']),
    label: z.string(),
    created_at: instant,
    last_used_at: instant.nullable(),
  })
  .meta({ id: 'Factor' }) satisfies z.ZodType<FactorDto>;

export const factors = z
  .strictObject({
    items: z.array(factorDto),
    recovery_codes_left: z.number().int(),
    required: z.boolean(),
    locks: z.array(
      z.strictObject({ method: z.enum(['totp', 'recovery_code']), locked_until: instant }),
    ),
  })
  .meta({ id: 'Factors' }) satisfies z.ZodType<FactorsDto>;

export {
  notificationSettings,
  notificationsRead,
  staffNotifications,
} from '@payouts/contracts/endpoints';

/**
 * Every non-2xx reply (`application/problem+json`, RFC 9457, plus our `code` and the request id).
 * Loose: extension members (`payout_id`, `attempts_left`, the lab's `exchange`...) may follow.
 */
export const problem = z
  .looseObject({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string(),
    code: z.enum(ERROR_CODE_NAMES as [ErrorCode, ...ErrorCode[]]),
    requestId: z.string().nullable(),
    errors: z.array(z.strictObject({ pointer: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Problem' }) satisfies z.ZodType<ProblemBody>;

export {
  overviewDeclines,
  overviewProviders,
  overviewSummary,
  overviewTimeseries,
} from '@payouts/contracts/endpoints';

// Second factors (issue 14).
export const totpEnrolment = z
  .strictObject({ id: z.string(), secret: z.string(), otpauth_url: z.string() })
  .meta({ id: 'TotpEnrolment' }) satisfies z.ZodType<TotpEnrolmentDto>;

export const factorEnrolled = z
  .strictObject({ factor: factorDto, recovery_codes: z.array(z.string()).optional() })
  .meta({ id: 'FactorEnrolled' }) satisfies z.ZodType<FactorEnrolledDto>;

export const recoveryCodes = z
  .strictObject({ codes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' }) satisfies z.ZodType<RecoveryCodesDto>;

/*
 * WebAuthn options are @simplewebauthn's, handed to the browser as they are: the members we and
 * the browser rely on are described, the objects stay loose (the WebAuthn dictionaries grow, and
 * a library upgrade adding a member is no break), and `extensions` is open (each extension
 * defines its own inputs).
 */
const webauthnCredential = z.looseObject({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});
const webauthnHint = z.enum(['hybrid', 'security-key', 'client-device']);
const userVerification = z.enum(['discouraged', 'preferred', 'required']);
const webauthnExtensions = z.looseObject({});

export const passkeyRegistrationOptions = z
  .looseObject({
    rp: z.looseObject({ name: z.string(), id: z.string().optional() }),
    user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(
      z.looseObject({ alg: z.number().int(), type: z.literal('public-key') }),
    ),
    timeout: z.number().optional(),
    excludeCredentials: z.array(webauthnCredential).optional(),
    authenticatorSelection: z
      .looseObject({
        authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
        userVerification: userVerification.optional(),
      })
      .optional(),
    hints: z.array(webauthnHint).optional(),
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
    attestationFormats: z
      .array(
        z.enum(['fido-u2f', 'packed', 'android-safetynet', 'android-key', 'tpm', 'apple', 'none']),
      )
      .optional(),
    extensions: webauthnExtensions.optional(),
  })
  .meta({
    id: 'PasskeyRegistrationOptions',
    description:
      'WebAuthn `PublicKeyCredentialCreationOptionsJSON`, for `navigator.credentials.create`.',
  }) satisfies z.ZodType<PublicKeyCredentialCreationOptionsJSON>;

export const passkeyVerificationOptions = z
  .looseObject({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(webauthnCredential).optional(),
    userVerification: userVerification.optional(),
    hints: z.array(webauthnHint).optional(),
    extensions: webauthnExtensions.optional(),
  })
  .meta({
    id: 'PasskeyVerificationOptions',
    description:
      'WebAuthn `PublicKeyCredentialRequestOptionsJSON`, for `navigator.credentials.get`.',
  }) satisfies z.ZodType<PublicKeyCredentialRequestOptionsJSON>;

export {
  corridorList,
  openApiDocumentReply,
  providerField,
  providerMatrix,
  providersReply,
} from '@payouts/contracts/endpoints';

// The approval policy (issue 12), with the contracts' own policy schemas.
const approvalPolicy = approvalPolicySchema.meta({ id: 'ApprovalPolicy' });
const approvalRule = approvalRuleSchema.meta({ id: 'ApprovalRule' });

export const policyProposal = z
  .strictObject({
    id: z.string(),
    status: z.enum(POLICY_PROPOSAL_STATUSES),
    base_version: z.number().int(),
    policy: approvalPolicy,
    changes: z.array(
      z.strictObject({
        kind: z.enum(['added', 'removed', 'moved', 'changed']),
        rule_id: z.string(),
        field: z.string().optional(),
        message: z.string(),
      }),
    ),
    note: z.string().nullable(),
    proposed_by: payoutActor,
    proposed_at: instant,
    decided_by: payoutActor.nullable(),
    decided_at: instant.nullable(),
    reason: z.string().nullable(),
    effective_at: instant.nullable(),
    weakening: z.string().nullable(),
    cancelled_by: payoutActor.nullable(),
    cancelled_at: instant.nullable(),
  })
  .meta({ id: 'PolicyProposal' }) satisfies z.ZodType<PolicyProposalDto>;

export const approvalPolicies = z
  .strictObject({
    active: z.strictObject({
      version: z.number().int(),
      policy: approvalPolicy,
      proposed_by: payoutActor.nullable(),
      approved_by: payoutActor.nullable(),
      active_since: instant,
    }),
    pending: policyProposal.nullable(),
    scheduled: policyProposal.nullable(),
    history: z.array(policyProposal),
  })
  .meta({ id: 'ApprovalPolicies' }) satisfies z.ZodType<ApprovalPoliciesDto>;

export const policyDryRun = z
  .strictObject({
    index: z.number().int(),
    rule: approvalRule,
    skipped: z.array(
      z.strictObject({
        index: z.number().int(),
        rule_id: z.string(),
        name: z.string(),
        failed: z.array(
          z.strictObject({ condition: z.enum(APPROVAL_CONDITION_NAMES), message: z.string() }),
        ),
      }),
    ),
  })
  .meta({ id: 'PolicyDryRun' }) satisfies z.ZodType<PolicyDryRunDto>;

// The orchestrator's webhook: what became of a notification (read by no one but logs).
type NotificationOutcome = Awaited<ReturnType<PayoutStatusUpdates['handleNotification']>>;
const NOTIFICATION_OUTCOMES = [
  'ignored',
  'unknown_payout',
  'duplicate',
  'recorded',
  'confirmed',
] as const satisfies readonly NotificationOutcome[];
// Fails to compile when an outcome is added to the service and not here.
const _everyOutcome = (o: NotificationOutcome): (typeof NOTIFICATION_OUTCOMES)[number] => o;

export const notificationOutcome = z
  .strictObject({ outcome: z.enum(NOTIFICATION_OUTCOMES) })
  .meta({ id: 'NotificationOutcome' }) satisfies z.ZodType<{ outcome: NotificationOutcome }>;

// The lab (admins): test payouts and card deposits against the real orchestrator.
export const labTestData = z
  .strictObject({
    payout: z.strictObject({
      order_id: z.string(),
      provider: z.string(),
      country: z.string(),
      currency: z.string(),
      state: z.string().nullable(),
      amount: decimal,
      payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
      metadata: z.record(z.string(), metadataValue),
    }),
  })
  .meta({ id: 'LabTestData' }) satisfies z.ZodType<LabTestDataReply>;

/**
 * What went to the orchestrator and what came back. The bodies are the orchestrator's JSON as
 * sent and received (scrubbed), whatever its API version says: open on purpose.
 */
const labExchange = z
  .strictObject({
    request: z.strictObject({ method: z.string(), path: z.string(), body: z.unknown() }),
    response: z
      .strictObject({ http_status: z.number().int().nullable(), body: z.unknown() })
      .nullable(),
    duration_ms: z.number().int(),
  })
  .meta({ id: 'LabExchange' });

export const labPayout = z
  .strictObject({
    payout: payoutDto,
    exchange: labExchange.nullable(),
    problem: problem.optional(),
  })
  .meta({ id: 'LabPayout' }) satisfies z.ZodType<LabPayoutReply>;

export const depositOptions = z
  .strictObject({
    psps: z.array(
      z.strictObject({
        name: z.string(),
        title: z.string(),
        mids: z.array(z.string()),
        needs_fingerprint: z.boolean().nullable(),
      }),
    ),
    corridors: z.array(z.strictObject({ country: z.string(), currency: z.string() })),
  })
  .meta({ id: 'DepositOptions' }) satisfies z.ZodType<DepositOptions>;

export const labDeposit = z
  .strictObject({
    result: z.strictObject({
      id: z.string(),
      status: z.enum(DEPOSIT_STATUSES),
      mpi_url: z.string().nullable(),
      decline_code: z.string().nullable(),
      decline_reason: z.string().nullable(),
    }),
    exchange: labExchange.nullable(),
    duration_ms: z.number().int().nullable(),
  })
  .meta({ id: 'LabDeposit' }) satisfies z.ZodType<LabDepositReply>;

export const depositTransaction = z
  .strictObject({
    id: z.string(),
    psp_name: z.string(),
    country: z.string(),
    email: z.string(),
    transaction_id: z.string().nullable(),
    psp_order_id: z.string().nullable(),
    merchant_order_id: z.string(),
    amount: decimal,
    currency: z.string(),
    decline_reason: z.string().nullable(),
    decline_code: z.string().nullable(),
    card_type: z.string().nullable(),
    last_four_digits: z.string().nullable(),
    processing_date: instant.nullable(),
    payment_method: z.string().nullable(),
    status: z.enum(DEPOSIT_STATUSES),
  })
  .meta({ id: 'DepositTransaction' }) satisfies z.ZodType<DepositTransaction>;
