import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './createLogger.js';
import { readJson, startTestApp, TEST_PASSWORD, type TestApp } from '../testing/testApp.js';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.js';

describe('log redaction', () => {
  let database: TestDatabase;
  let t: TestApp;
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    t = await startTestApp({ database, logDestination: sink });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('logs one line per request with its id, and no password, cookie, token or card number', async () => {
    const signIn = await t.api('/api/session', {
      method: 'POST',
      json: { email: 'finance@example.com', password: TEST_PASSWORD },
      headers: { Authorization: 'Bearer secret-bearer-token', 'X-Request-Id': 'req-redaction-1' },
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const sessionId = cookie.split('=')[1]!;
    const finance = await t.signIn('finance');
    // A payout with a full card number, refused by our own validation (bad email).
    await finance('/api/payouts', {
      method: 'POST',
      headers: { 'Idempotency-Key': 'redaction-key-1' },
      json: {
        order_id: 'redaction-1',
        provider: 'northwind_pay',
        country: 'BE',
        currency: 'EUR',
        state: null,
        amount: '10.00',
        payout_method_type: 'credit_card',
        metadata: { creditCardNumber: '4111111111111111', cvv2: '987', email: 'nope' },
      },
    });
    // The notification token travels in the path.
    await t.api(`/api/orchestrator/notifications/${t.config.orchestrator.notificationToken}`, {
      method: 'POST',
      body: 'not json',
    });

    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.req);
    const signInLine = requestLines.find((l) => l.req.id === 'req-redaction-1');
    expect(signInLine).toMatchObject({
      req: { method: 'POST', url: '/api/session' },
      res: { statusCode: 200 },
    });
    // Headers are not logged at all: no cookie, Authorization or Set-Cookie to redact.
    expect(signInLine.req.headers).toBeUndefined();
    expect(signInLine.res.headers).toBeUndefined();
    expect(requestLines.filter((l) => l.req.id === 'req-redaction-1')).toHaveLength(1);

    const all = lines.join('\n');
    for (const secret of [
      TEST_PASSWORD,
      sessionId,
      'secret-bearer-token',
      '4111111111111111',
      t.config.orchestrator.notificationToken,
      t.config.orchestrator.apiKey,
      t.config.orchestrator.password,
      t.config.session.secret,
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('/api/orchestrator/notifications/[Redacted]');
  });

  it('redacts secrets nested in logged objects by configuration', async () => {
    const res = await t.api('/healthz');
    expect((await readJson(res)).status).toBe('ok');
    const captured: string[] = [];
    const logger = createLogger({
      level: 'info',
      destination: { write: (line: string) => void captured.push(line) },
    });
    logger.info({
      password: 'p1',
      body: {
        creditCardNumber: '4000000000000002',
        cvv2: '123',
        nested: { token: 't1', apiKey: 'k1' },
      },
      orchestrator: { credit_card_number: '5555555555554444' },
    });
    const line = captured.join('');
    for (const secret of ['p1', '4000000000000002', '"123"', 't1', 'k1', '5555555555554444']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('[Redacted]');
  });
});
