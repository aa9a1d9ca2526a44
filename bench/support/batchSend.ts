/**
 * The batch section's send run: a 2,000-row batch file through the BFF (upload,
 * validate, submit, a second person's approval when the policy asks for it, the pg-boss worker
 * sending every row), against the sandbox's own create rate measured just before with the
 * orchestrator client at the same concurrency. Sandbox and BFF each run in their own child
 * process (bench/servers.ts), so the BFF's CPU is read from /proc for its process alone.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { formatCsvRow } from '@payouts/contracts';
import { createOrchestratorClient } from '@payouts/orchestrator-client';
import type { BffServer, SandboxServer } from './children.js';
import { cpuMs } from './load.js';

/** The columns of a BE / EUR Northwind Pay bank batch file (as apps/bff/src/testing/batchFiles.ts). */
const COLUMNS = [
  'order_id',
  'amount',
  'state',
  'beneficiary_reference',
  'bankName',
  'bankCode',
  'bankAccountNumber',
  'bankAccountName',
  'customerFirstName',
  'customerLastName',
  'email',
] as const;
const IBAN = 'BE68539007547034';
/** A send that takes longer fails the section (with the batch's counts) instead of hanging. */
const SEND_TIMEOUT_MS = Number(process.env.BENCH_BATCH_TIMEOUT_SECONDS ?? 180) * 1000;

/** Row n's cells: `.19` makes the sandbox approve at once, so every payout ends final. */
function rowCells(n: number, orderId: string): Record<(typeof COLUMNS)[number], string> {
  return {
    order_id: orderId,
    amount: `${10 + (n % 90)}.19`,
    state: '',
    beneficiary_reference: '',
    bankName: 'Belfius',
    bankCode: 'GKCCBEBB',
    bankAccountNumber: IBAN,
    bankAccountName: `Seller ${n}`,
    customerFirstName: 'Anna',
    customerLastName: `Claes ${n}`,
    email: `seller${n}@example.com`,
  };
}

export function batchCsv(rows: number, prefix: string): string {
  const lines = [formatCsvRow([...COLUMNS])];
  for (let n = 1; n <= rows; n += 1) {
    const cells = rowCells(n, `${prefix}-${n}`);
    lines.push(formatCsvRow(COLUMNS.map((c) => cells[c])));
  }
  return lines.map((l) => `${l}\r\n`).join('');
}

export interface DirectRate {
  payouts: number;
  seconds: number;
  perSecond: number;
  sandboxCpuMsPerPayout: number;
}

/** `count` creates straight to the sandbox, `concurrency` at a time, with the orchestrator client. */
export async function directCreateRate(
  sandbox: SandboxServer,
  count: number,
  concurrency: number,
): Promise<DirectRate> {
  const client = createOrchestratorClient({
    baseUrl: sandbox.info.url,
    ...sandbox.credentials,
    connections: 16,
  });
  const run = randomBytes(4).toString('hex');
  const payout = (n: number) => {
    const cells = rowCells(n, `direct-${run}-${n}`);
    return {
      order_id: cells.order_id,
      provider: 'northwind_pay',
      country: 'BE',
      currency: 'EUR',
      state: null,
      amount: cells.amount,
      payout_method_type: 'bank_account' as const,
      metadata: {
        bankName: cells.bankName,
        bankCode: cells.bankCode,
        bankAccountNumber: cells.bankAccountNumber,
        bankAccountName: cells.bankAccountName,
        customerFirstName: cells.customerFirstName,
        customerLastName: cells.customerLastName,
        email: cells.email,
      },
    };
  };
  try {
    // Warm-up (login, connections, JIT), not measured.
    await Promise.all(
      Array.from({ length: concurrency }, (_, i) => client.createPayout(payout(-1 - i))),
    );
    let next = 0;
    const sandboxCpu = cpuMs(sandbox.pid);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < count) {
          next += 1;
          await client.createPayout(payout(next));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      payouts: count,
      seconds,
      perSecond: count / seconds,
      sandboxCpuMsPerPayout: ((cpuMs(sandbox.pid) ?? NaN) - (sandboxCpu ?? NaN)) / count,
    };
  } finally {
    await client.close();
  }
}

async function signIn(bff: BffServer, email: string): Promise<string> {
  const res = await fetch(`${bff.info.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: bff.info.origin },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
  const setCookie = res.headers.getSetCookie()[0];
  if (res.status !== 200 || !setCookie) throw new Error(`sign-in failed: HTTP ${res.status}`);
  return setCookie.split(';')[0]!;
}

interface BatchReply {
  id: string;
  status: string;
  counts: { rows?: number; payouts?: Record<string, number> } & Record<string, unknown>;
}

export interface BatchSendResult {
  rows: number;
  /** Upload + validation (HTTP, CSV parse, validation, sealed rows stored). */
  uploadSeconds: number;
  validateSeconds: number;
  /** From the submit (or the approval that releases it) to the batch completed. */
  sendSeconds: number;
  endToEndSeconds: number;
  rowsPerSecond: number;
  status: string;
  /** BFF process CPU during the send phase, per row (status polls every 250 ms included). */
  bffCpuMsPerPayout: number;
  sandboxCpuMsPerPayout: number;
  bffUploadCpuMs: number;
  bffValidateCpuMs: number;
  /**
   * The slowest answer to `GET /healthz`, asked every 20 ms while the file uploads and
   * validates: how long any other request waited on the BFF's event loop meanwhile.
   */
  healthzMaxMsDuringUploadAndValidate: number;
  /** The same, upload and validation apart. */
  healthzMaxMsDuringUpload: number;
  healthzMaxMsDuringValidate: number;
  payouts: Record<string, number>;
}

/** Asks `url` every 20 ms, one request at a time, until stopped; the slowest answer (ms). */
function probeResponsiveness(url: string): { lap(): number; stop(): Promise<number> } {
  let running = true;
  let slowest = 0;
  let lapSlowest = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(url)).arrayBuffer();
      const waited = performance.now() - started;
      slowest = Math.max(slowest, waited);
      lapSlowest = Math.max(lapSlowest, waited);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    /** The slowest answer since the last lap (a request in flight counts in the next lap). */
    lap() {
      const value = lapSlowest;
      lapSlowest = 0;
      return value;
    },
    async stop() {
      running = false;
      await loop;
      return slowest;
    },
  };
}

/** A `rows`-row batch from upload to completed, timed. */
export async function sendBatch(
  bff: BffServer,
  sandbox: SandboxServer,
  rows: number,
  pollMs = 250,
  /** false: stop once the batch is validated (upload and validation figures only). */
  send = true,
): Promise<BatchSendResult> {
  // The policy's batch rule may want several approvers (a large total): as many as it asks.
  const approvers = [
    await signIn(bff, 'finance2@example.com'),
    await signIn(bff, 'admin@example.com'),
    await signIn(bff, 'admin2@example.com'),
  ];
  const call = async (
    cookie: string,
    path: string,
    init: { method?: string; body?: string; type?: string } = {},
  ): Promise<BatchReply> => {
    const res = await fetch(`${bff.info.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        cookie,
        origin: bff.info.origin,
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': init.type ?? 'application/json' } : {}),
      },
      body: init.body,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: HTTP ${res.status} ${text}`);
    return JSON.parse(text) as BatchReply;
  };
  const csv = batchCsv(rows, `batch-${randomBytes(4).toString('hex')}`);
  const query = new URLSearchParams({
    country: 'BE',
    currency: 'EUR',
    payout_method_type: 'bank_account',
    provider: 'northwind_pay',
    file_name: 'bench.csv',
  });

  const bffCpu = () => cpuMs(bff.pid) ?? NaN;
  const probe = probeResponsiveness(`${bff.info.url}/healthz`);
  const t0 = performance.now();
  const c0 = bffCpu();
  const draft = await call(bff.cookie, `/api/batches?${query.toString()}`, {
    method: 'POST',
    body: csv,
    type: 'text/csv',
  });
  const t1 = performance.now();
  const c1 = bffCpu();
  const healthzMaxMsDuringUpload = probe.lap();
  const validated = await call(bff.cookie, `/api/batches/${draft.id}/validate`, {
    method: 'POST',
    body: JSON.stringify({ exclude_invalid: false }),
  });
  if (validated.status !== 'validated') throw new Error(`batch not validated: ${validated.status}`);
  const t2 = performance.now();
  const healthzMaxMs = await probe.stop();
  const healthzMaxMsDuringValidate = probe.lap();
  const c2 = bffCpu();
  const uploadFigures = {
    rows,
    uploadSeconds: (t1 - t0) / 1000,
    validateSeconds: (t2 - t1) / 1000,
    bffUploadCpuMs: c1 - c0,
    bffValidateCpuMs: c2 - c1,
    healthzMaxMsDuringUploadAndValidate: healthzMaxMs,
    healthzMaxMsDuringUpload,
    healthzMaxMsDuringValidate,
  };
  if (!send) {
    return {
      ...uploadFigures,
      sendSeconds: NaN,
      endToEndSeconds: NaN,
      rowsPerSecond: NaN,
      status: validated.status,
      bffCpuMsPerPayout: NaN,
      sandboxCpuMsPerPayout: NaN,
      payouts: {},
    };
  }
  const sandboxStart = cpuMs(sandbox.pid) ?? NaN;
  let batch = await call(bff.cookie, `/api/batches/${draft.id}/submit`, {
    method: 'POST',
    body: '{}',
  });
  for (const approver of approvers) {
    if (batch.status !== 'awaiting_approval') break;
    batch = await call(approver, `/api/batches/${draft.id}/approve`, {
      method: 'POST',
      body: '{}',
    });
  }
  const deadline = performance.now() + SEND_TIMEOUT_MS;
  while (!batch.status.startsWith('completed')) {
    if (batch.status === 'cancelled') throw new Error('batch cancelled');
    if (performance.now() > deadline) {
      throw new Error(
        `batch of ${rows} rows not completed after ${SEND_TIMEOUT_MS / 1000} s: ${batch.status} ${JSON.stringify(batch.counts)}`,
      );
    }
    await new Promise((r) => setTimeout(r, pollMs));
    batch = await call(bff.cookie, `/api/batches/${draft.id}`);
  }
  const t3 = performance.now();
  const c3 = bffCpu();
  const sandboxEnd = cpuMs(sandbox.pid) ?? NaN;
  const sendSeconds = (t3 - t2) / 1000;
  return {
    ...uploadFigures,
    sendSeconds,
    endToEndSeconds: (t3 - t0) / 1000,
    rowsPerSecond: rows / sendSeconds,
    status: batch.status,
    bffCpuMsPerPayout: (c3 - c2) / rows,
    sandboxCpuMsPerPayout: (sandboxEnd - sandboxStart) / rows,
    payouts: batch.counts.payouts ?? {},
  };
}
