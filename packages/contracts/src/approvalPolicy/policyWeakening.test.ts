import { describe, expect, it } from 'vitest';
import type { ApprovalPolicy, ApprovalRule } from './approvalPolicy.js';
import { policyWeakening } from './policyWeakening.js';

const NOW = new Date('2030-06-15T12:00:00.000Z');

const rule = (
  id: string,
  conditions: ApprovalRule['conditions'],
  count: 0 | 1 | 2 | 3,
  roles: ApprovalRule['approvals']['roles'] = count === 0 ? [] : ['finance', 'admin'],
): ApprovalRule => ({ id, name: id, conditions, approvals: { count, roles } });
const DEFAULT = rule('default', {}, 0);

/** One approver above 10,000 EUR, two above 50,000 EUR, none otherwise. */
const BASE: ApprovalPolicy = {
  rules: [
    rule('big', { currency: 'EUR', amount_above: '50000' }, 2),
    rule('mid', { currency: 'EUR', amount_above: '10000' }, 1),
    DEFAULT,
  ],
};

const withRules = (...rules: ApprovalRule[]): ApprovalPolicy => ({ rules: [...rules, DEFAULT] });
const weakening = (after: ApprovalPolicy) => policyWeakening(BASE, after, NOW);

describe('policyWeakening', () => {
  it.each<[string, ApprovalPolicy]>([
    [
      'fewer approvers',
      withRules(rule('big', { currency: 'EUR', amount_above: '50000' }, 1), BASE.rules[1]!),
    ],
    ['a rule removed', withRules(BASE.rules[1]!)],
    [
      'a threshold raised',
      withRules(BASE.rules[0]!, rule('mid', { currency: 'EUR', amount_above: '20000' }, 1)),
    ],
    [
      'a rule narrowed to one PSP',
      withRules(
        BASE.rules[0]!,
        rule('mid', { currency: 'EUR', amount_above: '10000', providers: ['acme'] }, 1),
      ),
    ],
    [
      'a lenient rule put first',
      withRules(
        rule('cards', { payout_method_types: ['credit_card'] }, 0),
        ...BASE.rules.slice(0, 2),
      ),
    ],
    [
      'another role may approve',
      withRules(
        BASE.rules[0]!,
        rule('mid', { currency: 'EUR', amount_above: '10000' }, 1, ['finance', 'admin']),
      ),
    ],
  ])('finds %s, with a payout that shows it', (_, after) => {
    // The base's mid rule allows finance or admin; narrow it to admins first for the role case.
    const base: ApprovalPolicy = {
      rules: [
        BASE.rules[0]!,
        rule('mid', { currency: 'EUR', amount_above: '10000' }, 1, ['admin']),
        DEFAULT,
      ],
    };
    const found = policyWeakening(base, after, NOW);
    expect(found).toBeDefined();
    expect(found!.example).toMatch(/payout of .* would need .* instead of /);
  });

  it('names the payout and both requirements', () => {
    const found = weakening(withRules(BASE.rules[0]!));
    expect(found!.example).toBe(
      'a card payout of 10000.000000000000000001 EUR would need no approval (rule "default": every payout) instead of 1 approver (Finance or Admin) (rule "mid": EUR, above 10000 EUR)',
    );
  });

  it.each<[string, ApprovalPolicy]>([
    ['the same policy', BASE],
    ['a renamed rule', { rules: [{ ...BASE.rules[0]!, name: 'Large' }, ...BASE.rules.slice(1)] }],
    [
      'more approvers',
      withRules(rule('big', { currency: 'EUR', amount_above: '50000' }, 3), BASE.rules[1]!),
    ],
    [
      'a stricter rule added first',
      withRules(rule('crypto', { payout_method_types: ['crypto'] }, 3), ...BASE.rules.slice(0, 2)),
    ],
    [
      'a threshold lowered',
      withRules(BASE.rules[0]!, rule('mid', { currency: 'EUR', amount_above: '5000' }, 1)),
    ],
    [
      'fewer roles may approve',
      withRules(
        BASE.rules[0]!,
        rule('mid', { currency: 'EUR', amount_above: '10000' }, 1, ['admin']),
      ),
    ],
    [
      'a rule of no approval added before the default',
      { rules: [...BASE.rules.slice(0, 2), rule('small', { currency: 'EUR' }, 0), DEFAULT] },
    ],
  ])('lets %s through', (_, after) => {
    expect(weakening(after)).toBeUndefined();
    if (after !== BASE) expect(policyWeakening(after, after, NOW)).toBeUndefined();
  });

  it('lets a rule of no approval go', () => {
    const withSmall: ApprovalPolicy = {
      rules: [rule('small', { currency: 'EUR', amount_up_to: '100' }, 0), ...BASE.rules],
    };
    expect(policyWeakening(withSmall, BASE, NOW)).toBeUndefined();
    expect(policyWeakening(BASE, withSmall, NOW)).toBeUndefined();
  });

  it('reads the beneficiary window exactly: shortening it weakens, lengthening it does not', () => {
    const within = (days: number) =>
      withRules(rule('new-payee', { beneficiary_new_or_changed_within_days: days }, 2));
    expect(policyWeakening(within(30), within(7), NOW)).toBeDefined();
    expect(policyWeakening(within(7), within(30), NOW)).toBeUndefined();
  });
});
