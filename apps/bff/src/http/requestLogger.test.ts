import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createLogger } from './createLogger.js';
import { createRequestLogger, redactUrl } from './requestLogger.js';

function exchange(url: string, headers: Record<string, string>) {
  const req = new IncomingMessage(new Socket());
  req.method = 'POST';
  req.url = url;
  req.headers = headers;
  return { req, res: new ServerResponse(req) };
}

function logged() {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { middleware: createRequestLogger(logger), lines };
}

describe('request logger', () => {
  it('logs who asked what and the status, never a header', () => {
    const { middleware, lines } = logged();
    const { req, res } = exchange('/api/orchestrator/notifications/tok3n-secret?x=1', {
      cookie: 'bff_session=cookie-secret',
      authorization: 'Bearer bearer-secret',
      'user-agent': 'vitest',
      'x-request-id': 'req-1',
    });
    middleware(req, res, () => undefined);
    res.statusCode = 204;
    res.emit('finish');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 30,
      req: {
        id: 'req-1',
        method: 'POST',
        url: '/api/orchestrator/notifications/[Redacted]?x=1',
        userAgent: 'vitest',
      },
      res: { statusCode: 204 },
    });
    expect(res.getHeader('X-Request-Id')).toBe('req-1');
    for (const secret of ['cookie-secret', 'bearer-secret', 'tok3n-secret']) {
      expect(lines[0]).not.toContain(secret);
    }
  });

  it("redacts secrets carried by a failed request's error, at every depth", () => {
    const { middleware, lines } = logged();
    const { req, res } = exchange('/api/payouts', {});
    middleware(req, res, () => undefined);
    const error = Object.assign(new Error('boom'), {
      password: 'p-secret',
      details: { token: 't-secret', upstream: { cvv2: '987', apiKey: 'k-secret' } },
    });
    Object.assign(res, { err: error });
    res.statusCode = 500;
    res.emit('finish');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: number; err: { message: string } };
    expect(line.level).toBe(50);
    expect(line.err.message).toBe('boom');
    for (const secret of ['p-secret', 't-secret', '"987"', 'k-secret']) {
      expect(lines[0]).not.toContain(secret);
    }
    expect(lines[0]).toContain('[Redacted]');
  });

  it('masks a card number typed into a search, however its separators are encoded', () => {
    for (const q of [
      '4111111111111111',
      '4111%201111%201111%201111',
      '4111+1111+1111+1111',
      '4111-1111-1111-1111',
    ]) {
      const url = redactUrl(`/api/payouts?q=${q}&limit=20`);
      expect(url).toMatch(/^\/api\/payouts\?q=\*{12}1111&limit=20$/);
    }
    // Without a card number the URL is logged as it came, `+` and `%20` included.
    expect(redactUrl('/api/payouts?q=Jan+Peeters%20x&amount_min=1234567890123')).toBe(
      '/api/payouts?q=Jan+Peeters%20x&amount_min=1234567890123',
    );
  });

  it('cuts the value of a secret query parameter out of the logged URL', () => {
    expect(redactUrl('/metrics?token=s3cr3t-metrics-token')).toBe('/metrics?token=[Redacted]');
    expect(redactUrl('/x?a=1&api_key=k-123&b=2&client_secret=c-9#f')).toBe(
      '/x?a=1&api_key=[Redacted]&b=2&client_secret=[Redacted]#f',
    );
    expect(redactUrl('/x?Password=p&keyword=open')).toBe(
      '/x?Password=[Redacted]&keyword=[Redacted]',
    );
    // Names without those words are logged as they came.
    expect(redactUrl('/api/payouts?status=failed&limit=20')).toBe(
      '/api/payouts?status=failed&limit=20',
    );
  });
});
