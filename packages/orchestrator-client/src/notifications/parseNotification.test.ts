import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { OrchestratorError } from '../errors/OrchestratorError.js';
import { parseNotification } from './parseNotification.js';

const body = (
  over: { attributes?: string; charge?: string; meta?: string; webhook?: string } = {},
) => `{
  "webhook": ${over.webhook ?? '{ "type": "Approved" }'},
  "data": { "order_id": "ord-1", "psp_name": "bankwire",
    "charge": { "type": "payout", "id": 77, "psp_order_id": null, "operation_type": ${over.charge ?? '"Payout"'},
      "attributes": ${
        over.attributes ??
        `{ "status": "Approved", "amount": 0.123456789012345678, "currency": "ETH",
           "decline_code": null, "decline_reason": null, "created_at": 1714564800, "updated_at": 1714564860,
           "card_masked_number": "411111******1111", "fee": 12345678901234567890, "note": "pan 4111111111111111" }`
      } } },
  "meta": ${over.meta ?? '{ "server_time": 1714564861, "api_version": "v2", "attempt": 1 }'}
}`;

describe('parseNotification', () => {
  it('reads amounts losslessly and normalizes statuses and types', () => {
    const n = parseNotification(body());
    expect(n.webhook.type).toBe('approved');
    expect(n.data.charge?.id).toBe('77');
    expect(n.data.charge?.operation_type).toBe('payout');
    expect(n.data.charge?.attributes.amount).toBe('0.123456789012345678');
    expect(n.data.charge?.attributes.status).toBe('approved');
    expect(n.data.charge?.attributes.status_raw).toBe('Approved');
    expect(n.data.charge?.attributes.created_at).toBe(1714564800);
    expect(n.data.charge?.attributes.card_masked_number).toBe('411111******1111');
    // Extra attributes pass through, big numbers as strings, card data masked.
    expect(n.data.charge?.attributes.fee).toBe('12345678901234567890');
    expect(n.data.charge?.attributes.note).toBe('pan ************1111');
    expect(n.meta).toEqual({ server_time: 1714564861, api_version: 'v2', attempt: 1 });
  });

  it('masks a card_masked_number that is not masked', () => {
    const n = parseNotification(
      body({
        attributes:
          '{ "status": "declined", "amount": "5", "currency": "EUR", "created_at": 1, "updated_at": 2, "card_masked_number": "4111111111111111" }',
      }),
    );
    expect(n.data.charge?.attributes.card_masked_number).toBe('************1111');
    expect(n.data.charge?.attributes.decline_code).toBeNull();
  });

  it('accepts ISO times and lower-case spellings', () => {
    const n = parseNotification(
      body({
        attributes:
          '{ "status": "in_process", "amount": 5, "currency": "EUR", "created_at": "2024-05-01T12:00:00Z", "updated_at": 1 }',
        charge: '"deposit"',
      }),
    );
    expect(n.data.charge?.attributes.created_at).toBe(1714564800);
    expect(n.data.charge?.operation_type).toBe('deposit');
  });

  it.each([
    ['without a charge', ''],
    ['with a null charge', ', "charge": null'],
  ])('reads a cashier-session notification %s', (_label, charge) => {
    const n = parseNotification(`{
      "webhook": { "type": "cashier.session.init" },
      "data": { "order_id": "ord-1", "psp_name": "bankwire"${charge} },
      "meta": { "server_time": 1714564861, "api_version": "v2" }
    }`);
    expect(n).toEqual({
      webhook: { type: 'cashier.session.init' },
      data: { order_id: 'ord-1', psp_name: 'bankwire' },
      meta: { server_time: 1714564861, api_version: 'v2' },
    });
    expect(Object.hasOwn(n.data, 'charge')).toBe(false);
  });

  it.each([
    ['not JSON', '{"webhook":'],
    ['an array', '[]'],
    ['without data', '{"webhook":{"type":"approved"},"meta":{"server_time":1,"api_version":"v2"}}'],
    ['with data that is not an object', '{"data":"ord-1"}'],
  ])('throws a protocol error for a body %s', (_label, text) => {
    let caught: unknown;
    try {
      parseNotification(text);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(OrchestratorError);
    expect((caught as OrchestratorError).kind).toBe('protocol');
  });

  it('reads what the production models allow to be missing as null, never a failure', () => {
    const sparse = parseNotification(
      '{"webhook":{"type":"approved"},"data":{"order_id":"ord-1","psp_name":null,' +
        '"charge":{"type":"approved","attributes":{"status":"Approved"}}}}',
    );
    expect(sparse).toEqual({
      webhook: { type: 'approved' },
      data: {
        order_id: 'ord-1',
        psp_name: null,
        charge: {
          type: 'approved',
          id: null,
          psp_order_id: null,
          operation_type: null,
          attributes: {
            status: 'approved',
            status_raw: 'Approved',
            amount: null,
            currency: null,
            decline_code: null,
            decline_reason: null,
            created_at: null,
            updated_at: null,
          },
        },
      },
      meta: { server_time: null, api_version: null },
    });
  });

  it('reads a body with a charge that is not an object as one without a charge', () => {
    const n = parseNotification(
      '{"webhook":{"type":"approved"},"data":{"order_id":"o","psp_name":"p","charge":"ch_1"}}',
    );
    expect(n.data.charge).toBeUndefined();
  });

  it('reads an unknown operation type as none, and a bad amount or time as missing', () => {
    expect(
      parseNotification(body({ charge: '"transfer"' })).data.charge?.operation_type,
    ).toBeNull();
    const bad = parseNotification(
      body({
        attributes:
          '{"status":"approved","amount":"12,5","currency":"EUR","created_at":1,"updated_at":"soon"}',
      }),
    );
    expect(bad.data.charge?.attributes).toMatchObject({
      amount: null,
      updated_at: null,
      created_at: 1,
      currency: 'EUR',
    });
  });

  it('never echoes the body in its error', () => {
    const leaky = '{"webhook":{"type":"x"},"credit_card_number":"4111111111111111"}';
    try {
      parseNotification(leaky);
      expect.unreachable();
    } catch (error) {
      expect(inspect(error, { depth: 10 })).not.toContain('4111111111111111');
    }
  });
});
