import {
  PAYOUT_COLUMNS,
  PAYOUT_COLUMNS_DEFAULT,
  PAYOUT_COLUMNS_REQUIRED,
  PAYOUT_DENSITIES,
  type PayoutColumn,
  type PayoutDensity,
} from '@payouts/contracts';

export const PAYOUT_COLUMN_LABELS: Record<PayoutColumn, string> = {
  created_at: 'Created',
  order_id: 'Order ID',
  recipient: 'Recipient',
  amount: 'Amount',
  status: 'Status',
  provider: 'PSP',
  payout_method_type: 'Type',
  country: 'Country',
  orchestrator_id: 'Orchestrator ID',
  psp_transaction_id: 'PSP transaction ID',
  created_by: 'Created by',
  approved_by: 'Approved by',
  updated_at: 'Updated',
  decline_reason: 'Decline reason',
};

/** How the list is shown: which columns in which order, and how tightly. */
export interface ListDisplay {
  columns: PayoutColumn[];
  density: PayoutDensity;
}

export const DEFAULT_DISPLAY: ListDisplay = {
  columns: [...PAYOUT_COLUMNS_DEFAULT],
  density: 'standard',
};

/** Known columns once each, the required ones always among them (a stored or saved choice). */
export function cleanDisplay(value: unknown): ListDisplay {
  const raw = (value ?? {}) as { columns?: unknown; density?: unknown };
  const columns = Array.isArray(raw.columns)
    ? raw.columns.filter(
        (c, i, all): c is PayoutColumn =>
          (PAYOUT_COLUMNS as readonly unknown[]).includes(c) && all.indexOf(c) === i,
      )
    : [...DEFAULT_DISPLAY.columns];
  for (const required of PAYOUT_COLUMNS_REQUIRED) {
    if (!columns.includes(required)) columns.unshift(required);
  }
  const density = (PAYOUT_DENSITIES as readonly unknown[]).includes(raw.density)
    ? (raw.density as PayoutDensity)
    : DEFAULT_DISPLAY.density;
  return { columns, density };
}
