import type { PayoutMethodType } from '@payouts/contracts';
import { jsonNumber } from '../http/losslessJson.js';
import { toIsoSeconds, toOrchestratorDateTime, toUnixSeconds } from '../support/dates.js';
import type { SandboxPayout, SandboxPayoutStatus } from '../types.js';

/** `in_process` -> `InProcess`: how create replies and records capitalise statuses. */
export function pascalCase(value: string): string {
  return value
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

const PSP_STATUS: Readonly<Record<SandboxPayoutStatus, string>> = {
  approved_on_hold: 'ON_HOLD',
  voided: 'VOIDED',
  init: 'RECEIVED',
  in_process: 'PROCESSING',
  pending: 'PENDING',
  authorized: 'AUTHORIZED',
  approved: 'SETTLED',
  declined: 'REJECTED',
};

function methodSpelling(type: PayoutMethodType): string {
  // Records spell the type in PascalCase ("BankAccount") where create takes "bank_account".
  return pascalCase(type);
}

function text(value: string | number | undefined): string | null {
  return value === undefined ? null : String(value);
}

/** A payout as `GET /payouts`, `/payouts/{id}` and `/check-status` return it (section 4). */
export function toPayoutRecord(payout: SandboxPayout): object {
  const created = new Date(payout.created_at);
  return {
    id: payout.id,
    transaction_id: payout.transaction_id,
    psp_name: payout.psp_name,
    psp_order_id: payout.psp_order_id,
    merchant_order_id: payout.order_id,
    first_name: text(payout.metadata.customerFirstName),
    last_name: text(payout.metadata.customerLastName),
    email: text(payout.metadata.email),
    country: payout.country,
    state: payout.state,
    amount: jsonNumber(payout.amount),
    currency: payout.currency,
    payout_method_type: methodSpelling(payout.payout_method_type),
    status: pascalCase(payout.status),
    decline_code: payout.decline_code,
    decline_reason: payout.decline_reason,
    processing_date: toIsoSeconds(created),
    processing_date_timestamp: toUnixSeconds(created),
    psp_response_json: {
      reference: payout.transaction_id,
      psp_status: PSP_STATUS[payout.status],
      message: payout.decline_reason ?? (payout.status === 'approved' ? 'Paid out' : 'Accepted'),
      updated_at: payout.updated_at,
    },
  };
}

/** The create-payout `result` (capitalised status, "YYYY-MM-DD HH:MM:SS" date). */
export function toCreateResult(payout: SandboxPayout): object {
  return {
    id: payout.id,
    transaction_id: payout.transaction_id,
    merchant_order_id: payout.order_id,
    psp_name: payout.psp_name,
    amount: jsonNumber(payout.amount),
    currency: payout.currency,
    status: pascalCase(payout.status),
    processing_date: toOrchestratorDateTime(new Date(payout.created_at)),
    payout_method: payout.payout_method_type,
    failure_code: null,
  };
}
