import { timingSafeEqual } from 'node:crypto';
import { Router, type RequestHandler, type Response } from 'express';
import { z } from 'zod';
import type { FaultRegistry } from '../faults/createFaultRegistry.js';
import type { Notifier } from '../notifications/createNotifier.js';
import type { SandboxProviderConfig } from '../providers/SandboxProviderConfig.js';
import {
  FAULT_KINDS,
  SANDBOX_ROUTES,
  type CreateCall,
  type SandboxDeposit,
  type SandboxPayout,
} from '../types.js';

const faultRuleSchema = z.object({
  kind: z.enum(FAULT_KINDS),
  ms: z.number().int().min(0).max(600_000).optional(),
  route: z.enum([...SANDBOX_ROUTES, '*']).optional(),
  times: z.number().int().min(1).optional(),
});
const modeSchema = z.object({ mode: z.enum(['normal', 'duplicate', 'reorder', 'chaos']) });
const urlSchema = z.object({ url: z.url().nullable() });
const settleSchema = z.object({ id: z.string().min(1).optional() });

export interface ControlDeps {
  faults: FaultRegistry;
  notifier: Notifier;
  config: SandboxProviderConfig;
  settle(id?: string): boolean;
  inspect(): { createCalls: CreateCall[]; payouts: SandboxPayout[]; deposits: SandboxDeposit[] };
  /** The `Host` values that name this sandbox (known once it listens). */
  ownHosts(): readonly string[];
  /** Required as `Authorization: Bearer …` when set. */
  secret?: string | undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A page on another site can make a browser send requests to 127.0.0.1 (and, by rebinding its
 * own name to 127.0.0.1, read the answers): such requests carry that site's name as `Host`.
 */
function guard(deps: ControlDeps): RequestHandler {
  return (req, res, next) => {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!deps.ownHosts().includes(host)) {
      res.status(403).json({ error: 'forbidden', message: 'Unknown Host for the control API' });
      return;
    }
    if (deps.secret !== undefined) {
      const header = req.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameSecret(given, deps.secret)) {
        res.status(401).json({ error: 'unauthorized', message: 'Control API token required' });
        return;
      }
    }
    next();
  };
}

function parseBody(text: unknown): unknown {
  if (typeof text !== 'string' || text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function invalid(res: Response, error: z.ZodError | undefined): void {
  res.status(400).json({
    error: 'invalid_request',
    issues: error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) ?? [
      { path: '', message: 'Malformed JSON body' },
    ],
  });
}

/**
 * The `/_sandbox` control API, for tests and benchmarks driving a separately started sandbox.
 * Loopback `Host` only, plus a bearer secret when one is configured; `controlApi: false`
 * removes these routes (the BFF's embedded sandbox runs without them).
 */
export function createControlRouter(deps: ControlDeps): Router {
  const router = Router();
  router.use('/_sandbox', guard(deps));

  router.post('/_sandbox/faults', (req, res) => {
    const parsed = faultRuleSchema.safeParse(parseBody(req.body));
    if (!parsed.success) return invalid(res, parsed.error);
    deps.faults.add(parsed.data);
    res.status(201).json({ ok: true, faults: deps.faults.list() });
  });
  router.delete('/_sandbox/faults', (_req, res) => {
    deps.faults.clear();
    res.json({ ok: true, faults: [] });
  });
  router.get('/_sandbox/faults', (_req, res) => {
    res.json({ faults: deps.faults.list() });
  });
  router.post('/_sandbox/notifications/mode', (req, res) => {
    const parsed = modeSchema.safeParse(parseBody(req.body));
    if (!parsed.success) return invalid(res, parsed.error);
    deps.notifier.setMode(parsed.data.mode);
    res.json({ ok: true, mode: parsed.data.mode });
  });
  router.post('/_sandbox/notifications/url', (req, res) => {
    const parsed = urlSchema.safeParse(parseBody(req.body));
    if (!parsed.success) return invalid(res, parsed.error);
    deps.notifier.setUrl(parsed.data.url);
    res.json({ ok: true, url: parsed.data.url });
  });
  router.post('/_sandbox/settle', (req, res) => {
    const parsed = settleSchema.safeParse(parseBody(req.body));
    if (!parsed.success) return invalid(res, parsed.error);
    if (!deps.settle(parsed.data.id)) {
      res.status(404).json({ error: 'not_found', message: 'No payout or deposit with that id' });
      return;
    }
    res.json({ ok: true });
  });
  router.get('/_sandbox/inspect', (_req, res) => {
    res.json({
      ...deps.inspect(),
      notifications: deps.notifier.sent(),
      mode: deps.notifier.mode(),
    });
  });
  router.get('/_sandbox/config', (_req, res) => {
    res.json(deps.config);
  });
  return router;
}
