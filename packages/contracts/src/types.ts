/**
 * The domain as every workspace sees it. Names follow the orchestrator's payout body
 * (`order_id`, `payout_method_type`, ...) so nothing is renamed between layers.
 * Amounts are decimal strings everywhere in our code; only the orchestrator client turns
 * them into JSON numbers (losslessly) at the HTTP boundary.
 */

export const PAYOUT_METHOD_TYPES = ['credit_card', 'bank_account', 'crypto'] as const;
export type PayoutMethodType = (typeof PAYOUT_METHOD_TYPES)[number];

/** How a payout method type is named on screen. */
export const PAYOUT_METHOD_TYPE_TITLES: Readonly<Record<PayoutMethodType, string>> = {
  credit_card: 'Card',
  bank_account: 'Bank account',
  crypto: 'Crypto wallet',
};

/** Payout statuses as the orchestrator reports them, normalized to lower case. */
export const ORCHESTRATOR_PAYOUT_STATUSES = [
  'init',
  'in_process',
  'pending',
  'authorized',
  'approved',
  'declined',
] as const;
export type OrchestratorPayoutStatus = (typeof ORCHESTRATOR_PAYOUT_STATUSES)[number];
/**
 * A status as read from a reply: one of ours, or `unrecognized` when the orchestrator sent one we
 * do not know (BridgerPay's payment list has more: ApprovedOnHold, Voided, Refunded, ...). The
 * raw string always travels beside it.
 */
export type ReportedPayoutStatus = OrchestratorPayoutStatus | 'unrecognized';
export const FINAL_ORCHESTRATOR_PAYOUT_STATUSES: readonly OrchestratorPayoutStatus[] = [
  'approved',
  'declined',
];

/** The back-office's own payout statuses (product.md, "Statuses"). */
export const PAYOUT_STATUSES = [
  'awaiting_approval',
  'rejected',
  'submitting',
  'pending',
  'in_process',
  'authorized',
  'approved',
  'declined',
  'failed',
  'unknown',
  'unrecognized',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const FINAL_PAYOUT_STATUSES: readonly PayoutStatus[] = [
  'approved',
  'declined',
  'failed',
  'rejected',
];

/**
 * Why a payout waits for a person, beside its age: the reconciler could not settle its outcome
 * from evidence and will not guess (decision 039).
 * - `unresolved`: unknown, and not found by order id within the grace period;
 * - `resend_refused`: re-sent (the operator declared duplicate order ids refused) and refused,
 *   so it may exist at the orchestrator;
 * - `sealed_data_lost`: unknown, and its stored details cannot be read to send it again;
 * - `unrecognized_status`: the orchestrator reported a status we do not know (`unrecognized`).
 */
export const PAYOUT_ATTENTION_REASONS = [
  'unresolved',
  'resend_refused',
  'sealed_data_lost',
  'unrecognized_status',
] as const;
export type PayoutAttentionReason = (typeof PAYOUT_ATTENTION_REASONS)[number];

/** Final statuses never change again: nothing reconciles, polls or decides them any more. */
export function isFinalStatus(status: PayoutStatus): boolean {
  return FINAL_PAYOUT_STATUSES.includes(status);
}

/** Card deposit statuses (seed 2.4). Final: approved, declined. */
export const DEPOSIT_STATUSES = ['approved', 'declined', 'in_process'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const FINAL_DEPOSIT_STATUSES: readonly DepositStatus[] = ['approved', 'declined'];

/** A country + currency pair the merchant pays out in. */
export interface Corridor {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  /** ISO 4217 code or a crypto code (BTC, ETH, USDT, ...), upper case. */
  currency: string;
}

export const PROVIDER_FIELD_TYPES = ['string', 'integer', 'number', 'email', 'phone'] as const;
export type ProviderFieldType = (typeof PROVIDER_FIELD_TYPES)[number];

/**
 * One metadata field a PSP asks for. The orchestrator documents only `name` and `title`;
 * the optional hints are sent by some PSPs and win over name-based rules when present.
 */
export interface ProviderField {
  name: string;
  title: string;
  type?: ProviderFieldType;
  required?: boolean;
  pattern?: string;
  min_length?: number;
  max_length?: number;
  options?: { value: string; title: string }[];
}

/**
 * A metadata entry left out of its corridor because we cannot use it (a payout method type we
 * do not know, or no name): shown to admins as "type not supported: <raw>", never fatal.
 */
export interface UnsupportedPayoutProvider {
  name: string | null;
  title: string | null;
  /** The type exactly as sent (null when absent). */
  payout_method_type: string | null;
  reason: string;
}

/** The metadata endpoint's reply for one corridor, read entry by entry. */
export interface PayoutProviders {
  providers: PayoutProvider[];
  unsupported: UnsupportedPayoutProvider[];
}

/** One (PSP, payout method type) available for a corridor, from the metadata endpoint. */
export interface PayoutProvider {
  /** The PSP's code name; what `provider` in a payout takes. */
  name: string;
  /** Display name. */
  title: string;
  payout_method_type: PayoutMethodType;
  fields: ProviderField[];
}

export type PayoutMetadataValue = string | number;

/** The create-payout body's fields, in the seed's order (all required). */
export const PAYOUT_REQUEST_FIELDS = [
  'order_id',
  'provider',
  'country',
  'currency',
  'state',
  'amount',
  'payout_method_type',
  'metadata',
] as const;

/** The same fields in the order the wizard asks for them (and reports their errors). */
export const PAYOUT_FORM_FIELD_ORDER = [
  'order_id',
  'country',
  'currency',
  'state',
  'amount',
  'payout_method_type',
  'provider',
  'metadata',
] as const;

/** The create-payout body (seed 2.1), amount as a decimal string. */
export interface PayoutRequest {
  order_id: string;
  provider: string;
  country: string;
  currency: string;
  state: string | null;
  amount: string;
  payout_method_type: PayoutMethodType;
  metadata: Record<string, PayoutMetadataValue>;
}

/** What the orchestrator answers to a successful create call, normalized. */
export interface PayoutCreated {
  id: string;
  transaction_id: string | null;
  /** Null when the reply left it out: the request says what was asked. */
  amount: string | null;
  currency: string | null;
  status: ReportedPayoutStatus;
  /** The status string exactly as the orchestrator sent it. */
  status_raw: string;
  /** ISO 8601 UTC. */
  processing_date: string | null;
  payout_method: PayoutMethodType | null;
  failure_code: string | null;
}

/** A payout record as the orchestrator stores it (docs/orchestrator/api.md section 4), normalized. */
export interface PayoutRecord {
  id: string;
  transaction_id: string | null;
  /** Null for a record never routed to a PSP (documented as nullable in notifications). */
  psp_name: string | null;
  psp_order_id: string | null;
  merchant_order_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  country: string;
  state: string | null;
  amount: string;
  currency: string;
  /** Null when absent or a type we do not know (the record is still read). */
  payout_method_type: PayoutMethodType | null;
  status: ReportedPayoutStatus;
  status_raw: string;
  decline_code: string | null;
  decline_reason: string | null;
  /** ISO 8601 UTC. */
  processing_date: string;
  processing_date_timestamp: number;
  psp_response_json: Record<string, unknown>;
}

/** The server-to-server card deposit body (seed 2.3), amount as a decimal string. */
export interface CardDepositRequest {
  cashier_key: string;
  order_id: string;
  first_name: string;
  last_name: string;
  email: string;
  currency: string;
  country: string;
  state: string | null;
  address1: string;
  city: string;
  zip_code: string;
  amount: string;
  phone: string;
  card_holder_name: string;
  credit_card_number: string;
  expire_month: number;
  expire_year: number;
  cvv2: string;
  /** Device data keyed by PSP name, from the fingerprint iframe. */
  ddc: Record<string, string>;
  /** Only with a named PSP: which of its merchant accounts (MIDs) to use. */
  single_payment_mid_alias?: string;
}

/** The deposit reply (seed 2.4). */
export interface DepositResult {
  id: string;
  status: DepositStatus;
  /** Where the customer completes 3D Secure; set for `in_process`. */
  mpi_url: string | null;
  decline_code: string | null;
  decline_reason: string | null;
}

/** A deposit as looked up afterwards (docs/orchestrator/api.md section 6). */
export interface DepositTransaction {
  id: string;
  psp_name: string;
  country: string;
  email: string;
  transaction_id: string | null;
  psp_order_id: string | null;
  merchant_order_id: string;
  amount: string;
  currency: string;
  decline_reason: string | null;
  decline_code: string | null;
  card_type: string | null;
  last_four_digits: string | null;
  processing_date: string | null;
  payment_method: string | null;
  status: DepositStatus;
}

/** One entry of the orchestrator's validation list (`result` of a 400). */
export interface OrchestratorValidationIssue {
  /** `validation_error` (or the real service's `validaton_error`). */
  type: string;
  /** Dotted path in the request body, e.g. `metadata.email`. */
  field: string;
  message: string;
}

export const NOTIFICATION_OPERATION_TYPES = ['deposit', 'payout', 'refund'] as const;
export type NotificationOperationType = (typeof NOTIFICATION_OPERATION_TYPES)[number];

/**
 * A notification the orchestrator POSTs to the merchant (docs/orchestrator/api.md section 5).
 * `data.charge` is absent from cashier-session notifications (`cashier.session.init`,
 * `cashier.session.close`): they are about the payment page, not about a transaction.
 */
export interface OrchestratorNotification {
  webhook: { type: string };
  data: {
    order_id: string;
    psp_name: string;
    charge?: {
      type: string;
      id: string;
      psp_order_id: string | null;
      operation_type: NotificationOperationType;
      attributes: {
        status: string;
        amount: string;
        currency: string;
        decline_code: string | null;
        decline_reason: string | null;
        created_at: number;
        updated_at: number;
        card_masked_number?: string;
        [key: string]: unknown;
      };
    };
  };
  meta: { server_time: number; api_version: string; [key: string]: unknown };
}

/**
 * One problem with a submitted value: where (a JSON Pointer into the submitted document, e.g.
 * `/metadata/email`; `""` for the document itself) and what, in words for the person who typed it.
 * The BFF's problem+json validation list carries exactly these.
 */
export interface FieldError {
  pointer: string;
  message: string;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/**
 * Why a known PSP is missing from a corridor for a type, from what the metadata shows (the
 * orchestrator never says): listed in no corridor at all (its Payouts feature is likely off),
 * listed here for other types (this type is not enabled), listed for other corridors only (it
 * does not serve this one), or listed here only with a type this back-office cannot pay through.
 */
export const MISSING_CAUSES = [
  'payouts_off',
  'type_not_enabled',
  'corridor_not_served',
  'type_not_supported',
] as const;

export type MissingCause = (typeof MISSING_CAUSES)[number];
