import {
  ANY_CURRENCY,
  APPROVER_ROLES,
  type ApprovalPolicy,
  type ApprovalRule,
  type ApproverRole,
} from './approvalPolicy.js';

/** `APPROVAL_THRESHOLDS` as the BFF's config reads it: per currency, and `*` for the others. */
export interface ApprovalThresholdsInput {
  byCurrency: Readonly<Record<string, string>>;
  default?: string | undefined;
}

const ANY_APPROVER: ApproverRole[] = [...APPROVER_ROLES];

/** The closing rule every generated policy ends with. */
function noApprovalRule(): ApprovalRule {
  return {
    id: 'default',
    name: 'Everything else',
    conditions: {},
    approvals: { count: 0, roles: [] },
  };
}

function oneApprover(
  id: string,
  name: string,
  currency: string,
  above: string,
  count: 1 | 2 = 1,
): ApprovalRule {
  return {
    id,
    name,
    conditions: { currency, amount_above: above },
    approvals: { count, roles: [...ANY_APPROVER] },
  };
}

/**
 * The policy `APPROVAL_THRESHOLDS` means (four eyes above a threshold), for a first start with
 * thresholds configured. For each listed currency (in code order): above its threshold one
 * approver (finance or admin); when there is a `*` default, up to its threshold none (so the
 * default does not catch it). Then above the default in any other currency one approver, and
 * finally no approval.
 */
export function policyFromThresholds(thresholds: ApprovalThresholdsInput): ApprovalPolicy {
  const rules: ApprovalRule[] = [];
  const currencies = Object.keys(thresholds.byCurrency).sort();
  for (const currency of currencies) {
    const threshold = thresholds.byCurrency[currency];
    if (threshold === undefined) continue;
    rules.push(
      oneApprover(
        `above-${currency.toLowerCase()}`,
        `${currency} above ${threshold}`,
        currency,
        threshold,
      ),
    );
    if (thresholds.default !== undefined) {
      rules.push({
        id: `up-to-${currency.toLowerCase()}`,
        name: `${currency} up to ${threshold}`,
        conditions: { currency, amount_up_to: threshold },
        approvals: { count: 0, roles: [] },
      });
    }
  }
  if (thresholds.default !== undefined) {
    const name =
      currencies.length > 0
        ? `Any other currency above ${thresholds.default}`
        : `Above ${thresholds.default}`;
    rules.push(oneApprover('above-default', name, ANY_CURRENCY, thresholds.default));
  }
  rules.push(noApprovalRule());
  return { rules };
}

/**
 * The crypto currencies of the demo's four eyes (the BFF's `DEMO_APPROVAL_THRESHOLDS`); their
 * rule comes first, so a crypto payout never reaches the fiat amounts.
 */
export const DEMO_CRYPTO_CURRENCIES = ['BTC', 'ETH', 'USDT'] as const;

/**
 * The demo's crypto thresholds, per coin (decision 013: a catch-all amount would treat 9,999 BTC
 * like 9,999 EUR); "crypto above 1,000" read per coin, not as 1,000 BTC.
 */
const DEMO_CRYPTO_THRESHOLDS: Readonly<Record<(typeof DEMO_CRYPTO_CURRENCIES)[number], string>> = {
  BTC: '0.5',
  ETH: '5',
  USDT: '10000',
};

/**
 * The demo's fiat currencies whose amounts are not on the euro's scale, with the amounts that
 * need one and two approvers: ¥20,000 is about €120 and should not wait, while €20,000 should.
 * Every other fiat currency (EUR, USD, GBP, AUD, CAD…) is near enough to use 10,000 and 100,000.
 */
const DEMO_FIAT_THRESHOLDS: Readonly<Record<string, readonly [one: string, two: string]>> = {
  JPY: ['1500000', '15000000'],
  MXN: ['200000', '2000000'],
};

/** 1500000 → 1,500,000 (a rule name, not an amount shown to pay). */
function grouped(amount: string): string {
  return amount.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** One currency's own thresholds: two approvers above the second, one above the first, else none. */
function currencyRules(currency: string, [one, two]: readonly [string, string]): ApprovalRule[] {
  const id = currency.toLowerCase();
  return [
    oneApprover(`${id}-above-${two}`, `${currency} above ${grouped(two)}`, currency, two, 2),
    oneApprover(`${id}-above-${one}`, `${currency} above ${grouped(one)}`, currency, one),
    {
      id: `${id}-up-to-${one}`,
      name: `${currency} up to ${grouped(one)}`,
      conditions: { currency, amount_up_to: one },
      approvals: { count: 0, roles: [] },
    },
  ];
}

/**
 * Demo mode's initial policy, a threshold per demo currency: crypto above its own threshold one
 * approver; JPY and MXN at their own scale; any other currency above 100,000 two approvers, above
 * 10,000 one; else none. The two-approver rules come before the one-approver ones: the other way
 * round they could never apply.
 */
export const DEMO_APPROVAL_POLICY: ApprovalPolicy = {
  rules: [
    ...DEMO_CRYPTO_CURRENCIES.map((currency) =>
      oneApprover(
        `crypto-${currency.toLowerCase()}`,
        `${currency} above ${DEMO_CRYPTO_THRESHOLDS[currency]}`,
        currency,
        DEMO_CRYPTO_THRESHOLDS[currency],
      ),
    ),
    ...Object.entries(DEMO_FIAT_THRESHOLDS).flatMap(([currency, thresholds]) =>
      currencyRules(currency, thresholds),
    ),
    oneApprover('above-100000', 'Any other currency above 100,000', ANY_CURRENCY, '100000', 2),
    oneApprover('above-10000', 'Any other currency above 10,000', ANY_CURRENCY, '10000'),
    noApprovalRule(),
  ],
};
