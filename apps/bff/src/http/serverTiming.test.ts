import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatServerTiming, recordOrchestratorCall, serverTiming } from './serverTiming.js';

function parse(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /^\s*(\w+);dur=([\d.]+)\s*$/.exec(part);
    if (match) out[match[1]!] = Number(match[2]);
  }
  return out;
}

describe('formatServerTiming', () => {
  it('splits own time from the orchestrator time', () => {
    expect(formatServerTiming(12.3456, { ms: 10, calls: 2 })).toBe('bff;dur=2.346, orch;dur=10');
  });

  it('leaves orch out when no call was made', () => {
    expect(formatServerTiming(0.5, { ms: 0, calls: 0 })).toBe('bff;dur=0.5');
  });

  it('never reports a negative own time (parallel calls)', () => {
    expect(formatServerTiming(5, { ms: 8, calls: 2 })).toBe('bff;dur=0, orch;dur=8');
  });
});

describe('serverTiming middleware', () => {
  const server = createServer();
  let base: string;

  beforeAll(async () => {
    const app = express();
    app.use(serverTiming());
    app.use(express.json());
    app.post('/calls', async (req, res) => {
      const { calls } = req.body as { calls: number[] };
      // Like the client: the observer is told after each awaited exchange.
      for (const durationMs of calls) {
        await sleep(1);
        recordOrchestratorCall({ durationMs });
      }
      res.json({ ok: true });
    });
    app.get('/stream', (_req, res) => {
      res.write('a');
      setTimeout(() => res.end('b'), 5);
    });
    server.on('request', app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (calls: number[]) =>
    fetch(`${base}/calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ calls }),
    });

  it('sums the orchestrator calls made for the request, after its JSON body was read', async () => {
    const res = await post([3, 4.5]);
    expect(res.status).toBe(200);
    const timing = parse(res.headers.get('server-timing'));
    expect(timing.orch).toBe(7.5);
    expect(timing.bff).toBeGreaterThanOrEqual(0);
  });

  it('keeps concurrent requests apart', async () => {
    const replies = await Promise.all([post([1]), post([2, 2]), post([]), post([10])]);
    expect(replies.map((r) => parse(r.headers.get('server-timing')).orch)).toEqual([
      1,
      4,
      undefined,
      10,
    ]);
  });

  it('times every response, 404s and streamed ones included', async () => {
    for (const path of ['/nowhere', '/stream']) {
      const res = await fetch(base + path);
      await res.text();
      expect(res.headers.get('server-timing')).toMatch(/^bff;dur=[\d.]+$/);
    }
  });

  it('ignores calls made outside any request', () => {
    expect(() => recordOrchestratorCall({ durationMs: 1 })).not.toThrow();
  });
});
