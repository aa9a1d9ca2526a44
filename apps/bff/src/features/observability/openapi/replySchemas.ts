import {
  OVERVIEW_BUCKETS,
  type OverviewAmount,
  type OverviewDeclinesDto,
  type OverviewProvidersDto,
  type OverviewSummaryDto,
  type OverviewTimeseriesDto,
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
  type Corridor,
  type PayoutDetail,
  type PayoutDto,
  type PayoutPage,
  type PayoutSummary,
  type PayoutViewDto,
  type PayoutViewListDto,
  type ApprovalCountDto,
  type ApprovalDecisionsDto,
  type ApprovalInboxDto,
  type BatchRowDto,
  NOT_ACTIONABLE_REASONS,
  type AuditPage,
  type MarkNotificationsReadResponse,
  type NotificationSettingsDto,
  type StaffNotificationsResponse,
  NOTIFICATION_DIGESTS,
  STAFF_NOTIFICATION_KINDS,
  type AuthOptionsDto,
  type EndedSessionsDto,
  type FactorsDto,
  type StaffSessionsDto,
  type SessionReply,
  type StaffUserDto,
  type StaffUserList,
  payoutViewState,
} from '@payouts/contracts';
import { z } from 'zod';

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

export const corridorList = z
  .strictObject({
    corridors: z.array(
      z.object({ country: z.string(), currency: z.string() }) satisfies z.ZodType<Corridor>,
    ),
  })
  .meta({ id: 'CorridorList' });

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

export const staffUser = z
  .strictObject({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    disabled: z.boolean(),
    created_at: instant,
    last_sign_in_at: instant.nullable(),
  })
  .meta({ id: 'StaffUser' }) satisfies z.ZodType<StaffUserDto>;

export const staffUserList = z
  .strictObject({ items: z.array(staffUser) })
  .meta({ id: 'StaffUserList' }) satisfies z.ZodType<StaffUserList>;

export const payoutView = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    state: payoutViewState,
    shared: z.boolean(),
    owner: z.strictObject({ id: z.string(), name: z.string(), email: z.string() }),
    mine: z.boolean(),
    is_default: z.boolean(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'PayoutView' }) satisfies z.ZodType<PayoutViewDto>;

export const payoutViewList = z
  .strictObject({ items: z.array(payoutView), default_view_id: z.string().nullable() })
  .meta({ id: 'PayoutViewList' }) satisfies z.ZodType<PayoutViewListDto>;

export const approvalCount = z
  .strictObject({ actionable: z.number().int() })
  .meta({ id: 'ApprovalCount' }) satisfies z.ZodType<ApprovalCountDto>;

export const authOptions = z
  .strictObject({
    password: z.enum(['on', 'break_glass', 'off']),
    oidc: z.strictObject({ name: z.string() }).nullable(),
  })
  .meta({ id: 'AuthOptions' }) satisfies z.ZodType<AuthOptionsDto>;

export const staffSessions = z
  .strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        current: z.boolean(),
        ip: z.string().nullable(),
        user_agent: z.string().nullable(),
        device: z.string(),
        started_at: instant,
        last_seen_at: instant,
        expires_at: instant,
      }),
    ),
  })
  .meta({ id: 'StaffSessions' }) satisfies z.ZodType<StaffSessionsDto>;

export const endedSessions = z
  .strictObject({ ended: z.number().int() })
  .meta({ id: 'EndedSessions' }) satisfies z.ZodType<EndedSessionsDto>;

export const factors = z
  .strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        kind: z.enum(['totp', 'passkey']),
        label: z.string(),
        created_at: instant,
        last_used_at: instant.nullable(),
      }),
    ),
    recovery_codes_left: z.number().int(),
    required: z.boolean(),
    locks: z.array(
      z.strictObject({ method: z.enum(['totp', 'recovery_code']), locked_until: instant }),
    ),
  })
  .meta({ id: 'Factors' }) satisfies z.ZodType<FactorsDto>;

export const auditPage = z
  .strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        at: instant,
        actor: z.strictObject({ id: z.string(), email: z.string() }).nullable(),
        action: z.string(),
        target: z.strictObject({ type: z.string(), id: z.string() }).nullable(),
        data: z.record(z.string(), z.unknown()),
        ip: z.string().nullable(),
        request_id: z.string().nullable(),
      }),
    ),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'AuditPage' }) satisfies z.ZodType<AuditPage>;

export const staffNotifications = z
  .strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        kind: z.enum(STAFF_NOTIFICATION_KINDS),
        target_id: z.string(),
        title: z.string(),
        body: z.string(),
        link_path: z.string(),
        created_at: instant,
        read_at: instant.nullable(),
      }),
    ),
    unread_count: z.number().int(),
  })
  .meta({ id: 'StaffNotifications' }) satisfies z.ZodType<StaffNotificationsResponse>;

export const notificationsRead = z
  .strictObject({ unread_count: z.number().int() })
  .meta({ id: 'NotificationsRead' }) satisfies z.ZodType<MarkNotificationsReadResponse>;

export const notificationSettings = z
  .strictObject({ digest: z.enum(NOTIFICATION_DIGESTS), email_enabled: z.boolean() })
  .meta({ id: 'NotificationSettings' }) satisfies z.ZodType<NotificationSettingsDto>;

export const approvalInbox = z
  .strictObject({
    items: z.array(
      z.strictObject({
        id: z.string(),
        order_id: z.string(),
        amount: decimal,
        currency: z.string(),
        country: z.string(),
        provider: z.string(),
        provider_title: z.string().nullable(),
        payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
        is_test: z.boolean(),
        recipient: z.strictObject({
          name: z.string().nullable(),
          email: z.string().nullable(),
          account: z.string().nullable(),
        }),
        created_by: payoutActor,
        created_at: instant,
        age_seconds: z.number(),
        rule: z.strictObject({
          name: z.string(),
          count: z.number().int(),
          roles: z.array(z.enum(APPROVER_ROLES)),
        }),
        approvals: z.array(z.strictObject({ by: payoutActor, at: instant })),
        waiting_for: z.number().int(),
        actionable: z.boolean(),
        not_actionable_reason: z.enum(NOT_ACTIONABLE_REASONS).nullable(),
        not_actionable_message: z.string().nullable(),
      }),
    ),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'ApprovalInbox' }) satisfies z.ZodType<ApprovalInboxDto>;

export const approvalDecisions = z
  .strictObject({
    results: z.array(
      z.strictObject({
        payout_id: z.string(),
        outcome: z.enum(['sent', 'waiting', 'rejected', 'refused']),
        waiting_for: z.number().int().optional(),
        problem: z
          .strictObject({
            type: z.string(),
            code: z.string(),
            status: z.number().int(),
            title: z.string(),
            detail: z.string(),
          })
          .optional(),
      }),
    ),
  })
  .meta({ id: 'ApprovalDecisions' }) satisfies z.ZodType<ApprovalDecisionsDto>;

/** Every non-2xx reply (`application/problem+json`, RFC 9457, plus our `code`). */
export const problem = z
  .looseObject({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    code: z.string(),
  })
  .meta({ id: 'Problem' });

// The overview (issue 15).
const overviewAmount = z.strictObject({
  currency: z.string(),
  count: z.number().int(),
  amount: decimal,
}) satisfies z.ZodType<OverviewAmount>;

export const overviewSummary = z
  .strictObject({
    from: instant,
    to: instant,
    previous_from: instant,
    previous_to: instant,
    statuses: z.array(
      z.strictObject({
        status: z.enum(PAYOUT_STATUSES),
        current: z.array(overviewAmount),
        previous: z.array(overviewAmount),
      }),
    ),
    totals: z.strictObject({ current: z.array(overviewAmount), previous: z.array(overviewAmount) }),
  })
  .meta({ id: 'OverviewSummary' }) satisfies z.ZodType<OverviewSummaryDto>;

export const overviewTimeseries = z
  .strictObject({
    bucket: z.enum(OVERVIEW_BUCKETS),
    tz: z.string(),
    buckets: z.array(instant),
    series: z.array(
      z.strictObject({
        currency: z.string(),
        count: z.array(z.number().int()),
        amount: z.array(decimal),
        failed: z.array(z.number().int()),
        unknown: z.array(z.number().int()),
      }),
    ),
  })
  .meta({ id: 'OverviewTimeseries' }) satisfies z.ZodType<OverviewTimeseriesDto>;

export const overviewProviders = z
  .strictObject({
    rows: z.array(
      z.strictObject({
        provider: z.string(),
        provider_title: z.string().nullable(),
        payout_method_type: z.enum(PAYOUT_METHOD_TYPES),
        total: z.number().int(),
        final: z.number().int(),
        approved: z.number().int(),
        declined: z.number().int(),
        failed: z.number().int(),
        success_rate: z.number().min(0).max(1).nullable(),
        median_seconds_to_final: z.number().min(0).nullable(),
      }),
    ),
  })
  .meta({ id: 'OverviewProviders' }) satisfies z.ZodType<OverviewProvidersDto>;

export const overviewDeclines = z
  .strictObject({
    total_declined: z.number().int(),
    rows: z.array(
      z.strictObject({
        decline_code: z.string().nullable(),
        decline_reason: z.string().nullable(),
        count: z.number().int(),
        share: z.number().min(0).max(1),
      }),
    ),
  })
  .meta({ id: 'OverviewDeclines' }) satisfies z.ZodType<OverviewDeclinesDto>;
