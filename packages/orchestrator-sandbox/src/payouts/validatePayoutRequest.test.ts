import fc from 'fast-check';
import { LosslessNumber, parse } from 'lossless-json';
import { describe, expect, it } from 'vitest';
import { defaultSandboxConfig } from '../providers/defaultSandboxConfig.js';
import { validatePayoutRequest } from './validatePayoutRequest.js';

const now = new Date('2031-06-15T00:00:00Z');
const ctx = { config: defaultSandboxConfig, now };

function bank(overrides: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) {
  return {
    order_id: 'o-1',
    provider: 'northwind_pay',
    country: 'BE',
    currency: 'EUR',
    state: null,
    amount: new LosslessNumber('250.00'),
    payout_method_type: 'bank_account',
    metadata: {
      bankName: 'KBC',
      bankCode: 'KREDBEBB',
      bankAccountNumber: 'BE68539007547034',
      bankAccountName: 'Ada Lovelace',
      customerFirstName: 'Ada',
      customerLastName: 'Lovelace',
      email: 'ada@example.com',
      ...metadata,
    },
    ...overrides,
  };
}

const fieldsOf = (result: ReturnType<typeof validatePayoutRequest>): string[] =>
  result.ok ? [] : result.issues.map((i) => i.field);

describe('validatePayoutRequest', () => {
  it('accepts a valid payout and keeps the amount digits', () => {
    const result = validatePayoutRequest(bank(), ctx);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.payout.amount).toBe('250.00');
      expect(result.payout.psp.name).toBe('northwind_pay');
    }
  });

  it('refuses a body that is not an object', () => {
    for (const body of [undefined, null, [], 'x', new LosslessNumber('1')]) {
      expect(fieldsOf(validatePayoutRequest(body, ctx))).toEqual(['body']);
    }
  });

  it('counts fraction digits by value: 10.50 is fine for a 2-digit currency, 10.505 is not', () => {
    expect(validatePayoutRequest(bank({ amount: new LosslessNumber('10.500') }), ctx).ok).toBe(
      true,
    );
    expect(
      fieldsOf(validatePayoutRequest(bank({ amount: new LosslessNumber('10.505') }), ctx)),
    ).toEqual(['amount']);
  });

  it('treats blank strings as missing and whitespace-only names as missing', () => {
    expect(fieldsOf(validatePayoutRequest(bank({}, { bankName: '   ' }), ctx))).toEqual([
      'metadata.bankName',
    ]);
  });

  it('accepts any amount below 10^15 with at most the currency scale in fraction digits (property)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 2 })
          .chain((digits) =>
            fc.tuple(
              fc.bigInt({ min: 1n, max: 10n ** BigInt(15 + digits) - 1n }),
              fc.constant(digits),
            ),
          ),
        ([units, digits]) => {
          const text = units.toString().padStart(digits + 1, '0');
          const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
          const result = validatePayoutRequest(bank({ amount: new LosslessNumber(decimal) }), ctx);
          expect(result.ok).toBe(true);
          if (result.ok) expect(result.payout.amount).toBe(decimal);
        },
      ),
    );
  });

  it('refuses an amount with more than 15 digits before the decimal point', () => {
    const amount = (text: string) =>
      fieldsOf(validatePayoutRequest(bank({ amount: new LosslessNumber(text) }), ctx));
    expect(amount('999999999999999.99')).toEqual([]);
    expect(amount('1000000000000000')).toEqual(['amount']);
    expect(amount('1e15')).toEqual(['amount']);
    expect(amount('0.99e15')).toEqual([]);
  });

  it('refuses a card that expired earlier this year (sandbox clock), not one expiring this month', () => {
    const card = (expiryMonth: number, expiryYear: number) =>
      fieldsOf(
        validatePayoutRequest(
          {
            ...bank({ payout_method_type: 'credit_card' }),
            metadata: {
              creditCardNumber: '4111111111111111',
              cardHolderName: 'Ada Lovelace',
              expiryMonth,
              expiryYear,
              customerFirstName: 'Ada',
              customerLastName: 'Lovelace',
              email: 'ada@example.com',
            },
          },
          ctx,
        ),
      );
    expect(card(6, 2031)).toEqual([]);
    expect(card(5, 2031)).toEqual(['metadata.expiryMonth']);
    expect(card(1, 2032)).toEqual([]);
  });

  it("reads only the metadata's own keys, whatever a field is called", () => {
    const config = structuredClone(defaultSandboxConfig);
    const northwind = config.psps.find((p) => p.name === 'northwind_pay');
    northwind?.fields.bank_account?.push({ name: 'constructor', title: 'C', required: false });
    expect(fieldsOf(validatePayoutRequest(bank(), { config, now }))).toEqual([]);
  });

  it('reports each broken top-level field on that field, whatever else is wrong (property)', () => {
    const breakers: Record<string, unknown> = {
      order_id: '',
      country: 'Belgium',
      state: 'VLG',
      amount: '250.00',
      payout_method_type: 'cash',
      provider: 'unknown_psp',
    };
    fc.assert(
      fc.property(fc.subarray(Object.keys(breakers), { minLength: 1 }), (broken) => {
        const overrides = Object.fromEntries(broken.map((k) => [k, breakers[k]]));
        const fields = fieldsOf(validatePayoutRequest(bank(overrides), ctx));
        for (const key of broken) {
          // An invalid country hides the state rule (it depends on the country).
          if (key === 'state' && broken.includes('country')) continue;
          expect(fields).toContain(key);
        }
      }),
    );
  });

  it('reads the orchestrator JSON as lossless-json parses it', () => {
    const body = parse(
      '{"order_id":"o","provider":"coinbridge","country":"DE","currency":"BTC","state":null,"amount":0.00000001,"payout_method_type":"crypto","metadata":{"walletAddress":"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq","customerFirstName":"A","customerLastName":"B","email":"a@b.co"}}',
    );
    const result = validatePayoutRequest(body, ctx);
    expect(result.ok).toBe(true);
    const tooPrecise = parse(JSON.stringify({}).replace('{}', '{"amount":0.000000001}')) as Record<
      string,
      unknown
    >;
    const withTooPrecise = { ...(body as Record<string, unknown>), amount: tooPrecise.amount };
    expect(fieldsOf(validatePayoutRequest(withTooPrecise, ctx))).toEqual(['amount']);
  });
});
