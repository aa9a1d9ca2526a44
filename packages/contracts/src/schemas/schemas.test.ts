import { describe, expect, it } from 'vitest';
import { compileSchema, createContractsAjv, validateWithSchema } from '../contractsAjv.js';
import { buildPayout, buildProviders } from '../testing/factories.js';
import { sampleMetadata } from '../testing/samples.js';
import type {
  DepositResult,
  OrchestratorNotification,
  PayoutCreated,
  PayoutRecord,
} from '../types.js';
import {
  cardDepositRequestSchema,
  depositResultSchema,
  depositTransactionSchema,
} from './cardDeposit.js';
import { amountSchemaFor, positiveAmountSchema } from './common.js';
import { PAYOUT_METADATA_SCHEMAS, payoutRequestSchema } from './payoutRequest.js';
import {
  orchestratorNotificationSchema,
  orchestratorValidationIssueSchema,
  payoutCreatedSchema,
  payoutRecordSchema,
} from './payoutResult.js';
import { payoutProvidersSchema, providerFieldSchema } from './provider.js';

const errors = (schema: Parameters<typeof validateWithSchema>[0], value: unknown) => {
  const result = validateWithSchema(schema, value);
  return result.ok ? [] : result.errors;
};

const ALL = {
  payoutRequestSchema,
  cardDepositRequestSchema,
  depositResultSchema,
  depositTransactionSchema,
  providerFieldSchema,
  payoutProvidersSchema,
  payoutCreatedSchema,
  payoutRecordSchema,
  orchestratorNotificationSchema,
  orchestratorValidationIssueSchema,
  ...PAYOUT_METADATA_SCHEMAS,
};

describe('static schemas', () => {
  it.each(Object.entries(ALL))('%s compiles under ajv strict mode', (_name, schema) => {
    expect(() => createContractsAjv().compile(schema)).not.toThrow();
  });

  it('accept what the factories build', () => {
    for (const type of ['credit_card', 'bank_account', 'crypto'] as const) {
      expect(errors(payoutRequestSchema, buildPayout({ payout_method_type: type }))).toEqual([]);
      expect(errors(PAYOUT_METADATA_SCHEMAS[type], sampleMetadata(type))).toEqual([]);
    }
    expect(errors(payoutProvidersSchema, buildProviders())).toEqual([]);
  });

  it('the generic payout schema checks known metadata fields and lets others through', () => {
    const payout = buildPayout({
      payout_method_type: 'credit_card',
      metadata: { email: 'x', note: 'ok' },
    });
    expect(errors(payoutRequestSchema, payout)).toEqual([
      {
        pointer: '/metadata/email',
        message: 'Enter a valid e-mail address, e.g. name@example.com.',
      },
    ]);
    expect(errors(payoutRequestSchema, { ...buildPayout(), amount: '0' })).toEqual([
      { pointer: '/amount', message: 'The amount must be greater than 0.' },
    ]);
  });

  it('amount schemas separate a bad format from a zero amount', () => {
    expect(errors(amountSchemaFor('JPY'), '10.5')).toEqual([
      {
        pointer: '',
        message:
          'Enter the amount in JPY with digits and a decimal point only (no decimals), e.g. 1250.',
      },
    ]);
    expect(errors(positiveAmountSchema(), '0.000')).toEqual([
      { pointer: '', message: 'The amount must be greater than 0.' },
    ]);
  });
});

describe('deposit and provider schemas', () => {
  it('deposit result: in_process needs the 3D Secure URL', () => {
    const approved: DepositResult = {
      id: 'd1',
      status: 'approved',
      mpi_url: null,
      decline_code: null,
      decline_reason: null,
    };
    expect(errors(depositResultSchema, approved)).toEqual([]);
    expect(
      errors(depositResultSchema, { ...approved, status: 'in_process' }).map((e) => e.pointer),
    ).toEqual(['/mpi_url']);
    expect(
      errors(depositResultSchema, {
        ...approved,
        status: 'in_process',
        mpi_url: 'https://mpi.example/3ds/d1',
      }),
    ).toEqual([]);
  });

  it('provider fields: hints are optional, a name is not', () => {
    expect(errors(providerFieldSchema, { name: 'email', title: 'E-mail', extra: true })).toEqual(
      [],
    );
    expect(errors(providerFieldSchema, { title: 'x' }).map((e) => e.pointer)).toEqual(['/name']);
    expect(
      errors(providerFieldSchema, { name: 'x', title: 'x', type: 'date' }).map((e) => e.pointer),
    ).toEqual(['/type']);
  });
});

describe('orchestrator replies and notifications', () => {
  const created: PayoutCreated = {
    id: 'po_1',
    transaction_id: null,
    amount: '10.50',
    currency: 'EUR',
    status: 'pending',
    status_raw: 'Pending',
    processing_date: '2026-11-20T10:00:00Z',
    payout_method: 'bank_account',
    failure_code: null,
  };
  const record: PayoutRecord = {
    id: 'po_1',
    transaction_id: 'psp_9',
    psp_name: 'test_bank',
    psp_order_id: null,
    merchant_order_id: 'order-1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    country: 'BE',
    state: null,
    amount: '10.5',
    currency: 'EUR',
    payout_method_type: 'bank_account',
    status: 'approved',
    status_raw: 'Approved',
    decline_code: null,
    decline_reason: null,
    processing_date: '2026-11-20T10:00:00.000Z',
    processing_date_timestamp: 1_795_168_800,
    psp_response_json: {},
  };
  const notification: OrchestratorNotification = {
    webhook: { type: 'approved' },
    data: {
      order_id: 'order-1',
      psp_name: 'test_cards',
      charge: {
        type: 'charge',
        id: 'ch_1',
        psp_order_id: null,
        operation_type: 'payout',
        attributes: {
          status: 'approved',
          amount: '10.50',
          currency: 'EUR',
          decline_code: null,
          decline_reason: null,
          created_at: 1_795_168_800,
          updated_at: 1_795_168_860,
          card_masked_number: '411111******1111',
          psp_specific: 'kept',
        },
      },
    },
    meta: { server_time: 1_795_168_860, api_version: '2' },
  };

  it('accept normalized values', () => {
    expect(errors(payoutCreatedSchema, created)).toEqual([]);
    expect(errors(payoutRecordSchema, record)).toEqual([]);
    expect(errors(orchestratorNotificationSchema, notification)).toEqual([]);
    expect(
      errors(orchestratorValidationIssueSchema, {
        type: 'validaton_error',
        field: 'metadata.email',
        message: 'Email is invalid',
      }),
    ).toEqual([]);
  });

  it('accept a cashier-session notification, which carries no charge', () => {
    const session: OrchestratorNotification = {
      webhook: { type: 'cashier.session.init' },
      data: { order_id: 'order-1', psp_name: 'test_cards' },
      meta: { server_time: 1_795_168_860, api_version: '2' },
    };
    expect(errors(orchestratorNotificationSchema, session)).toEqual([]);
    // A charge, when there is one, is still checked.
    const broken = { ...session, data: { ...session.data, charge: { type: 'charge' } } };
    const pointers = errors(orchestratorNotificationSchema, broken).map((e) => e.pointer);
    expect(pointers).toContain('/data/charge/id');
    expect(pointers.every((p) => p.startsWith('/data/charge/'))).toBe(true);
  });

  it('refuse amounts as numbers, raw statuses and unmasked card numbers', () => {
    expect(errors(payoutCreatedSchema, { ...created, amount: 10.5 }).map((e) => e.pointer)).toEqual(
      ['/amount'],
    );
    expect(
      errors(payoutRecordSchema, { ...record, status: 'Approved' }).map((e) => e.pointer),
    ).toEqual(['/status']);
    const leaked = structuredClone(notification);
    if (leaked.data.charge) leaked.data.charge.attributes.card_masked_number = '4111111111111111';
    expect(errors(orchestratorNotificationSchema, leaked).map((e) => e.pointer)).toEqual([
      '/data/charge/attributes/card_masked_number',
    ]);
  });
});

describe('compileSchema', () => {
  it('compiles a schema once and reuses it for an equal one', () => {
    const a = { type: 'string', minLength: 2 } as const;
    const b = { type: 'string', minLength: 2 } as const;
    expect(compileSchema({ ...a })).toBe(compileSchema({ ...b }));
    expect(compileSchema({ ...a })).not.toBe(compileSchema({ type: 'string', minLength: 3 }));
  });

  it('forgets the oldest generated schemas beyond its bound', () => {
    const first = { type: 'string', maxLength: 1000 } as const;
    const v1 = compileSchema({ ...first });
    for (let i = 0; i < 70; i += 1) compileSchema({ type: 'string', maxLength: i });
    expect(compileSchema({ ...first })).not.toBe(v1);
    expect(compileSchema({ ...first })('x')).toBe(true);
  });
});
