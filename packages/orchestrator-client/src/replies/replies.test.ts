import { describe, expect, it } from 'vitest';
import { parseLosslessJson } from '../json/parseLosslessJson.js';
import { createScrubber } from '../secrets/createScrubber.js';
import { readDepositResult } from './readDepositResult.js';
import { readDepositTransaction } from './readDepositTransaction.js';
import { readEnvelope } from './readEnvelope.js';
import { readLoginResult } from './readLoginResult.js';
import { readPayoutCreated } from './readPayoutCreated.js';
import { readPayoutList } from './readPayoutList.js';
import { readPayoutProviders } from './readPayoutProviders.js';
import { readPayoutRecord } from './readPayoutRecord.js';
import { ReplyShapeError } from './ReplyShapeError.js';

const scrubData = createScrubber(() => []).data;
const json = (text: string): unknown => parseLosslessJson(text);

const RECORD = `{
  "id": 981, "transaction_id": "psp-tx-1", "psp_name": "bankwire", "psp_order_id": null,
  "merchant_order_id": "ord-1", "first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com",
  "country": "DE", "state": null, "amount": 0.123456789012345678, "currency": "ETH",
  "payout_method_type": "BankAccount", "status": "Approved", "decline_code": null, "decline_reason": null,
  "processing_date": "2024-05-01T12:00:00Z", "processing_date_timestamp": 1714564800,
  "psp_response_json": { "ref": "X1", "fee": 0.10000000000000000001, "card_number": "4111111111111111",
                         "echo": "pan 4111111111111111", "count": 3 }
}`;

describe('readEnvelope', () => {
  it('reads the payout and the MPI envelope', () => {
    expect(
      readEnvelope(json('{"response":{"status":"OK","code":200,"message":"OK"},"result":{}}')),
    ).toMatchObject({
      status: 'OK',
      code: 200,
      hasResult: true,
    });
    expect(
      readEnvelope(
        json(
          '{"response":{"status":"error","type":"invalid_api_key","code":403,"message":"no"},"result":null}',
        ),
      ),
    ).toMatchObject({ type: 'invalid_api_key', code: 403, result: null });
  });

  it('refuses a body without the envelope', () => {
    expect(() => readEnvelope(json('[1]'))).toThrow(ReplyShapeError);
    expect(() => readEnvelope(json('{"result":{}}'))).toThrow(/no response envelope/);
  });
});

describe('readLoginResult', () => {
  it('reads the token and lifetime', () => {
    expect(
      readLoginResult(
        json('{"access_token":{"token":"jwt","expires_in":7200},"refresh_token":"r"}'),
      ),
    ).toEqual({ token: 'jwt', expiresInSeconds: 7200 });
  });
  it('refuses a missing token', () => {
    expect(() => readLoginResult(json('{"access_token":{"expires_in":7200}}'))).toThrow(
      'result.access_token.token is not a string',
    );
  });
});

describe('readPayoutRecord', () => {
  const record = readPayoutRecord(json(RECORD), 'result', scrubData);

  it('normalizes status, method type and keeps the raw status', () => {
    expect(record.status).toBe('approved');
    expect(record.status_raw).toBe('Approved');
    expect(record.payout_method_type).toBe('bank_account');
  });

  it('reads amounts digit for digit and ids given as numbers as strings', () => {
    expect(record.amount).toBe('0.123456789012345678');
    expect(record.id).toBe('981');
    expect(record.processing_date).toBe('2024-05-01T12:00:00.000Z');
    expect(record.processing_date_timestamp).toBe(1714564800);
  });

  it('passes the PSP response on as plain data without card data', () => {
    expect(record.psp_response_json).toEqual({
      ref: 'X1',
      fee: '0.10000000000000000001',
      card_number: '[redacted]',
      echo: 'pan ************1111',
      count: 3,
    });
  });

  it('derives the timestamp from the date and the date from the timestamp', () => {
    const base = json(RECORD) as Record<string, unknown>;
    const { processing_date_timestamp: _t, ...noTimestamp } = base;
    expect(readPayoutRecord(noTimestamp, 'r', scrubData).processing_date_timestamp).toBe(
      1714564800,
    );
    const { processing_date: _d, ...noDate } = base;
    expect(readPayoutRecord(noDate, 'r', scrubData).processing_date).toBe(
      '2024-05-01T12:00:00.000Z',
    );
  });

  it('accepts the PSP response as a JSON string', () => {
    const base = json(RECORD) as Record<string, unknown>;
    const r = readPayoutRecord({ ...base, psp_response_json: '{"a":1}' }, 'r', scrubData);
    expect(r.psp_response_json).toEqual({ a: 1 });
  });

  it('reads a status it does not know as unrecognized, the raw value kept', () => {
    const base = json(RECORD) as Record<string, unknown>;
    const r = readPayoutRecord({ ...base, status: 'ApprovedOnHold' }, 'result', scrubData);
    expect([r.status, r.status_raw]).toEqual(['unrecognized', 'ApprovedOnHold']);
  });

  it('reads a record never routed: psp_name and the type null, or a type we do not know', () => {
    const base = json(RECORD) as Record<string, unknown>;
    const never = readPayoutRecord(
      { ...base, psp_name: null, payout_method_type: null },
      'result',
      scrubData,
    );
    expect([never.psp_name, never.payout_method_type]).toEqual([null, null]);
    const wallet = readPayoutRecord({ ...base, payout_method_type: 'EWallet' }, 'r', scrubData);
    expect(wallet.payout_method_type).toBeNull();
  });

  it('names the bad field, not its value', () => {
    const base = json(RECORD) as Record<string, unknown>;
    expect(() =>
      readPayoutRecord({ ...base, amount: '4111111111111111x' }, 'result', scrubData),
    ).toThrow(/^result.amount is not a decimal number$/);
  });
});

describe('readPayoutList', () => {
  it('reads records and the cursor', () => {
    const list = readPayoutList(json(`{"next_page_cursor":null,"records":[${RECORD}]}`), scrubData);
    expect(list.records).toHaveLength(1);
    expect(list.nextPageCursor).toBeNull();
  });
  it('reads record by record: an odd one is left out with its problem and order id', () => {
    const odd = '{"merchant_order_id":"o-2","status":"Approved"}';
    const list = readPayoutList(json(`{"records":[${RECORD},${odd},{},"x"]}`), scrubData);
    expect(list.records).toHaveLength(1);
    expect(list.unreadable).toEqual([
      {
        index: 1,
        merchant_order_id: 'o-2',
        problem: expect.stringMatching(/^result\.records\[1\]/),
      },
      { index: 2, merchant_order_id: null, problem: 'result.records[2].status is not a string' },
      { index: 3, merchant_order_id: null, problem: 'result.records[3] is not an object' },
    ]);
  });
});

describe('readPayoutCreated', () => {
  it('normalizes the create reply', () => {
    expect(
      readPayoutCreated(
        json(
          '{"id":"p1","transaction_id":"t1","amount":10.50,"currency":"EUR","status":"Pending",' +
            '"processing_date":"2024-05-01 12:34:56","payout_method":"bank_account","failure_code":null}',
        ),
      ),
    ).toEqual({
      id: 'p1',
      transaction_id: 't1',
      amount: '10.5',
      currency: 'EUR',
      status: 'pending',
      status_raw: 'Pending',
      processing_date: '2024-05-01T12:34:56.000Z',
      payout_method: 'bank_account',
      failure_code: null,
    });
  });
  it('reads a created payout with a status it does not know, or no amount, as created', () => {
    const created = readPayoutCreated(json('{"id":"p1","status":"Failed"}'));
    expect(created).toMatchObject({
      id: 'p1',
      status: 'unrecognized',
      status_raw: 'Failed',
      amount: null,
      currency: null,
    });
  });
  it('tolerates an unknown payout_method (the payout exists)', () => {
    const created = readPayoutCreated(
      json('{"id":"p1","amount":1,"currency":"EUR","status":"Pending","payout_method":"SEPA"}'),
    );
    expect(created.payout_method).toBeNull();
    expect(created.processing_date).toBeNull();
  });
});

describe('readPayoutProviders', () => {
  it('keeps well-formed hints and drops malformed ones', () => {
    const providers = readPayoutProviders(
      json(`{"providers":[
        {"name":"bankwire","title":"Bank Wire","payout_method_type":"bank_account",
         "fields":[{"name":"bankCode","title":"Bank code"},
                   {"name":"iban","title":"IBAN","type":"string","required":true,"pattern":"^[A-Z]{2}","min_length":15,"max_length":34},
                   {"name":"kind","title":"Kind","options":[{"value":1,"title":"One"},{"value":"b"}]},
                   {"name":"odd","title":"Odd","type":"date","required":"yes","pattern":"(","min_length":-1}]},
        {"name":"cards","title":"Cards","payout_method_type":"CreditCard","fields":[]}]}`),
    );
    expect(providers.providers).toEqual([
      {
        name: 'bankwire',
        title: 'Bank Wire',
        payout_method_type: 'bank_account',
        fields: [
          { name: 'bankCode', title: 'Bank code' },
          {
            name: 'iban',
            title: 'IBAN',
            type: 'string',
            required: true,
            pattern: '^[A-Z]{2}',
            min_length: 15,
            max_length: 34,
          },
          {
            name: 'kind',
            title: 'Kind',
            options: [
              { value: '1', title: 'One' },
              { value: 'b', title: 'b' },
            ],
          },
          { name: 'odd', title: 'Odd' },
        ],
      },
      { name: 'cards', title: 'Cards', payout_method_type: 'credit_card', fields: [] },
    ]);
  });
  it('keeps only patterns RE2 runs: no lookarounds or backreferences', () => {
    const fields = (patterns: string[]) =>
      readPayoutProviders({
        providers: [
          {
            name: 'p',
            title: 'P',
            payout_method_type: 'bank_account',
            fields: patterns.map((pattern, i) => ({ name: `f${i}`, title: 'F', pattern })),
          },
        ],
      }).providers[0]!.fields.map((field) => field.pattern);
    expect(fields(['^(?=.*[0-9])[A-Z0-9]+$', '^(a)\\1$', '^(a+)+$', '^\\p{Lu}{2}$'])).toEqual([
      undefined,
      undefined,
      '^(a+)+$',
      '^\\p{Lu}{2}$',
    ]);
  });
  it('leaves out a provider without a name, and says why', () => {
    expect(readPayoutProviders(json('{"providers":[{"payout_method_type":"crypto"}]}'))).toEqual({
      providers: [],
      unsupported: [
        {
          name: null,
          title: null,
          payout_method_type: 'crypto',
          reason: 'result.providers[0].name is not a string',
        },
      ],
    });
  });
  it('leaves out a type it does not support, and the rest of the corridor works', () => {
    const read = readPayoutProviders(
      json(
        '{"providers":[{"name":"wallets","title":"Wallets","payout_method_type":"ewallet","fields":[]},' +
          '{"name":"bank","title":"Bank","payout_method_type":"bank_account","fields":[]}]}',
      ),
    );
    expect(read.providers.map((p) => p.name)).toEqual(['bank']);
    expect(read.unsupported).toEqual([
      {
        name: 'wallets',
        title: 'Wallets',
        payout_method_type: 'ewallet',
        reason: 'type not supported: ewallet',
      },
    ]);
  });
});

describe('deposits', () => {
  it('reads a deposit result and insists on mpi_url for in_process', () => {
    expect(
      readDepositResult(
        json(
          '{"id":"d1","status":"declined","mpi_url":null,"decline_code":"05","decline_reason":"Do not honor"}',
        ),
      ),
    ).toEqual({
      id: 'd1',
      status: 'declined',
      mpi_url: null,
      decline_code: '05',
      decline_reason: 'Do not honor',
    });
    expect(() => readDepositResult(json('{"id":"d1","status":"in_process","mpi_url":""}'))).toThrow(
      /mpi_url is missing/,
    );
  });
  it('reads a deposit transaction with a string amount', () => {
    const t = readDepositTransaction(
      json(
        '{"id":"d1","psp_name":"p","country":"DE","email":"a@b.c","transaction_id":null,"psp_order_id":null,' +
          '"merchant_order_id":"o1","amount":"12.340","currency":"EUR","decline_reason":null,"decline_code":null,' +
          '"card_type":"visa","last_four_digits":"4111111111111111","processing_date":"2024-05-01 00:00:00",' +
          '"payment_method":"credit_card","status":"Approved"}',
      ),
    );
    expect(t.amount).toBe('12.34');
    expect(t.status).toBe('approved');
    expect(t.last_four_digits).toBe('1111');
    expect(t.processing_date).toBe('2024-05-01T00:00:00.000Z');
  });
});
