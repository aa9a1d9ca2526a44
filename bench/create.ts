/**
 * Create-payout path: the BFF's `POST /api/payouts` (session, CSRF, validation against the
 * cached metadata, idempotency key and ledger write committed before the orchestrator call,
 * status written after) against the sandbox's create endpoint called directly. Every request
 * has its own order id and Idempotency-Key; amounts sit below any approval threshold and carry
 * no magic suffix, so every payout is created and stays pending. A fresh ledger per run: a
 * PGlite folder, and a throwaway PostgreSQL database too when TEST_DATABASE_URL is set.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  adminDatabaseUrl,
  Cleanup,
  sandboxToken,
  startBffServers,
  startSandboxServer,
  type BenchDatabase,
  type BffServer,
  type SandboxServer,
} from './support/children.js';
import {
  loadRow,
  loadSettings,
  percentile,
  round,
  type LoadTarget,
  both,
  type Measured,
} from './support/load.js';
import type { BenchContext, BenchSection, SectionResult } from './types.js';
import { visaTestNumber } from '@payouts/contracts/testing';

/** CPU milliseconds the BFF may spend per created payout on PostgreSQL. */
const CPU_MS_PER_PAYOUT_TARGET = 2;

/** Below the default four-eyes threshold (10000), and no sandbox magic (suffix 25). */
const AMOUNT = '25.00';

function payoutFactory() {
  const run = randomBytes(4).toString('hex');
  let seq = 0;
  return (amountAsNumber: boolean) => {
    seq += 1;
    return {
      order_id: `bench-${run}-${seq}`,
      provider: 'northwind_pay',
      country: 'BE',
      currency: 'EUR',
      state: null,
      amount: amountAsNumber ? Number(AMOUNT) : AMOUNT,
      payout_method_type: 'credit_card',
      metadata: {
        creditCardToken: '',
        // A card of its own per payout: none is a possible duplicate of another, so every
        // create runs the duplicate check and passes it, as most real ones do.
        creditCardNumber: visaTestNumber(seq),
        cardHolderName: 'Jan Peeters',
        expiryMonth: 12,
        expiryYear: 2034,
        customerFirstName: 'Jan',
        customerLastName: 'Peeters',
        email: 'jan.peeters@example.be',
      },
    };
  };
}

function createThroughBff(
  bff: BffServer & { database: BenchDatabase },
  sandbox: SandboxServer,
): LoadTarget {
  const payout = payoutFactory();
  return {
    label: `(b) BFF POST /api/payouts, ${bff.database.kind}`,
    url: `${bff.info.url}/api/payouts`,
    method: 'POST',
    headers: {
      cookie: bff.cookie,
      origin: bff.info.origin,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    next: () => ({
      body: JSON.stringify(payout(false)),
      headers: { 'idempotency-key': randomUUID() },
    }),
    expectStatus: 201,
    cpu: { bff: bff.pid, sandbox: sandbox.pid },
  };
}

export const section: BenchSection = {
  name: 'create',
  async run(ctx: BenchContext): Promise<SectionResult> {
    const settings = loadSettings();
    const adminUrl = adminDatabaseUrl();
    ctx.log(
      `${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s per target, then ${settings.samples} sequential requests; ledgers: pglite${adminUrl ? ', postgres' : ''}`,
    );
    const cleanup = new Cleanup();
    let direct: Measured;
    const viaBff: Array<{ kind: string; measured: Measured }> = [];
    try {
      const sandbox = await startSandboxServer();
      cleanup.add(() => sandbox.stop());
      const bffs = await startBffServers(
        sandbox,
        [undefined, ...(adminUrl ? [adminUrl] : [])].map((url) => ({ adminUrl: url })),
        cleanup,
      );
      const token = await sandboxToken(sandbox);
      const payout = payoutFactory();
      direct = await both(
        {
          label: '(a) sandbox create, direct',
          url: `${sandbox.info.url}/v2/${sandbox.credentials.apiKey}/payouts`,
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          next: () => ({ body: JSON.stringify(payout(true)) }),
          expectStatus: 200,
          cpu: { sandbox: sandbox.pid },
        },
        ctx,
      );
      for (const bff of bffs) {
        viaBff.push({
          kind: bff.database.kind,
          measured: await both(createThroughBff(bff, sandbox), ctx),
        });
      }
    } finally {
      await cleanup.run();
    }

    const figures: Record<string, number | string> = {
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      sequentialRequests: settings.samples,
      directReqPerSec: round(direct.load.requestsPerSecond, 1),
      directP50Ms: round(direct.load.latencyP50Ms, 3),
      directP99Ms: round(direct.load.latencyP99Ms, 3),
      directSequentialP50Ms: round(direct.seq.latencyP50Ms, 3),
      directSandboxCpuMsPerRequest: round(direct.load.cpuMsPerRequest.sandbox ?? NaN, 3),
    };
    let errors = direct.load.errors + direct.seq.errors;
    for (const { kind, measured } of viaBff) {
      const { load, seq } = measured;
      const ratio = load.requestsPerSecond / direct.load.requestsPerSecond;
      const p = (name: string) => `${kind}${name}`;
      Object.assign(figures, {
        [p('ReqPerSec')]: round(load.requestsPerSecond, 1),
        [p('P50Ms')]: round(load.latencyP50Ms, 3),
        [p('P99Ms')]: round(load.latencyP99Ms, 3),
        [p('RatioToDirect')]: round(ratio, 3),
        [p('SequentialP50Ms')]: round(seq.latencyP50Ms, 3),
        // Server-Timing `bff`: one request at a time, and under load.
        [p('OwnP50Ms')]: round(percentile(seq.serverTiming.bff, 50), 3),
        [p('OwnP99Ms')]: round(percentile(seq.serverTiming.bff, 99), 3),
        [p('OwnUnderLoadP50Ms')]: round(percentile(load.serverTiming.bff, 50), 3),
        [p('OwnUnderLoadP99Ms')]: round(percentile(load.serverTiming.bff, 99), 3),
        [p('OrchSequentialP50Ms')]: round(percentile(seq.serverTiming.orch, 50), 3),
        [p('BffCpuMsPerRequest')]: round(load.cpuMsPerRequest.bff ?? NaN, 3),
      });
      errors += load.errors + seq.errors;
    }
    figures.errors = errors;
    const targets = [
      { name: 'create: failed requests', target: '0', actual: String(errors), met: errors === 0 },
    ];
    // The BFF's CPU per created payout on PostgreSQL (the load run's figure).
    const postgres = viaBff.find((v) => v.kind === 'postgres');
    const cpu = postgres?.measured.load.cpuMsPerRequest.bff;
    if (cpu !== undefined) {
      targets.push({
        name: 'create: BFF CPU per payout on PostgreSQL',
        target: `<= ${CPU_MS_PER_PAYOUT_TARGET} ms`,
        actual: `${round(cpu, 2)} ms`,
        met: cpu <= CPU_MS_PER_PAYOUT_TARGET,
      });
    }
    return {
      rows: [direct, ...viaBff.map((v) => v.measured)].flatMap((m) => [m.load, m.seq]).map(loadRow),
      figures,
      targets,
    };
  },
};
