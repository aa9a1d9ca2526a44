import { performance } from 'node:perf_hooks';
import {
  batchRowsCsv,
  buildBatchFileModel,
  validateBatchRows,
  type BatchFileModel,
} from '@payouts/contracts';
import { arbBatchRow, buildProvider } from '@payouts/contracts/testing';
import { parseBatchFile } from '@payouts/bff';
import fc from 'fast-check';
import { directCreateRate, sendBatch, type BatchSendResult } from './support/batchSend.js';
import {
  adminDatabaseUrl,
  Cleanup,
  startBffServer,
  startSandboxServer,
  createBenchDatabase,
} from './support/children.js';
import type { BenchContext, BenchSection, BenchTarget, SectionResult } from './types.js';

/**
 * Batch payouts, two parts.
 *
 * 1. The BFF's parse + validation of a batch file, CPU time for 1,000 and 10,000 generated
 *    valid rows (target: 10,000 rows in under 2 s of CPU). The file is a US/USD bank file of the
 *    PSP with every bank field (13 detail columns plus state), rows from the same arbitraries as
 *    the property tests (seeded), each with its own order id. In process.
 * 2. Sending a 2,000-row batch (bench/support/batchSend.ts): sandbox and BFF in child processes,
 *    the sandbox's own create rate at the BFF's send concurrency measured just before, then the
 *    batch uploaded, validated, submitted (and approved by a second person when the policy asks)
 *    and sent by the BFF's pg-boss worker until it is completed. Targets: send throughput >= 0.5
 *    of the sandbox's rate, and the BFF's CPU per created payout <= 2 ms on PostgreSQL. On PGlite,
 *    and on PostgreSQL too when TEST_DATABASE_URL is set (a throwaway database, as create does).
 */

const SIZES = [1_000, 10_000] as const;
/** Measured passes after one warm-up pass; the median is reported. */
const RUNS = 3;
const TARGET_CPU_MS_10K = 2_000;
const SEED = 20_261_125;
const CORRIDOR = { country: 'US', currency: 'USD' };
/** Rows of the send run (BENCH_BATCH_ROWS), and the BFF's BATCH_SEND_CONCURRENCY for it. */
const SEND_ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 2_000);
const SEND_CONCURRENCY = Number(process.env.BENCH_BATCH_CONCURRENCY ?? 8);
/** Rows of an unmeasured batch sent first (JIT, pg-boss start-up, the providers cache). */
const WARMUP_ROWS = 50;
const TARGET_SEND_RATIO = 0.5;
const TARGET_CPU_MS_PER_PAYOUT = 2;
/**
 * Decision 042: upload and validation never hold the event loop for more than 100 ms, so no
 * other request waits longer than that (a `/healthz` probe, HTTP included).
 */
const TARGET_OTHERS_WAIT_MS = 100;
/** `BENCH_BATCH_SEND=upload`: upload and validate through the BFF, send nothing. */
const UPLOAD_ONLY = process.env.BENCH_BATCH_SEND === 'upload';

function buildModel(): BatchFileModel {
  const model = buildBatchFileModel([buildProvider()], CORRIDOR, 'bank_account', 'test_bank');
  if (!model) throw new Error('no batch file model for the bench provider');
  return model;
}

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

function validation(ctx: BenchContext): SectionResult {
  const compileStart = process.cpuUsage();
  const model = buildModel();
  const compileCpuMs = cpuMs(compileStart);
  const rows: SectionResult['rows'] = [];
  const figures: SectionResult['figures'] = { modelBuildCpuMs: round(compileCpuMs) };
  const targets: BenchTarget[] = [];
  const samples = fc
    .sample(arbBatchRow(model), { numRuns: Math.max(...SIZES), seed: SEED })
    .map((row, i) => ({ ...row, order_id: `BENCH-${String(i + 1).padStart(6, '0')}` }));
  for (const size of SIZES) {
    const bytes = new TextEncoder().encode(batchRowsCsv(model, samples.slice(0, size)));
    const parseCpu: number[] = [];
    const validateCpu: number[] = [];
    const wall: number[] = [];
    // The first pass warms the JIT and ajv's compiled validator; it is reported apart (cold).
    const coldStart = process.cpuUsage();
    validateBatchRows(parseBatchFile(bytes, model).rows, { model, corridors: [CORRIDOR] });
    const coldMs = cpuMs(coldStart);
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const parseStart = process.cpuUsage();
      const parsed = parseBatchFile(bytes, model);
      parseCpu.push(cpuMs(parseStart));
      const validateStart = process.cpuUsage();
      const result = validateBatchRows(parsed.rows, { model, corridors: [CORRIDOR] });
      validateCpu.push(cpuMs(validateStart));
      wall.push(performance.now() - started);
      if (result.errors.length > 0 || result.payouts.length !== size) {
        throw new Error(
          `generated rows did not validate clean: ${JSON.stringify(result.errors.slice(0, 3))}`,
        );
      }
    }
    const parseMs = median(parseCpu);
    const validateMs = median(validateCpu);
    const totalMs = median(parseCpu.map((p, i) => p + (validateCpu[i] ?? 0)));
    ctx.log(
      `${size} rows: ${round(totalMs)} ms CPU (parse ${round(parseMs)}, validate ${round(validateMs)})`,
    );
    rows.push({
      rows: size,
      'file KB': round(bytes.length / 1024, 0),
      'parse CPU ms': round(parseMs),
      'validate CPU ms': round(validateMs),
      'total CPU ms': round(totalMs),
      'CPU ms/row': round(totalMs / size, 3),
      'wall ms': round(median(wall)),
      'cold CPU ms': round(coldMs),
    });
    figures[`cpuMs_${size}`] = round(totalMs);
    figures[`coldCpuMs_${size}`] = round(coldMs);
    figures[`cpuMsPerRow_${size}`] = round(totalMs / size, 3);
    if (size === 10_000) {
      targets.push({
        name: 'batch: parse + validate 10,000 rows (CPU)',
        target: `< ${TARGET_CPU_MS_10K} ms`,
        actual: `${round(totalMs)} ms`,
        met: totalMs < TARGET_CPU_MS_10K,
      });
    }
  }
  return { rows, figures, targets };
}

/** The upload and validation figures of a run, under `kind`'s prefix. */
function uploadFigures(kind: string, sent: BatchSendResult): SectionResult['figures'] {
  return {
    [`${kind}UploadSeconds`]: round(sent.uploadSeconds, 2),
    [`${kind}ValidateSeconds`]: round(sent.validateSeconds, 2),
    [`${kind}UploadBffCpuMs`]: round(sent.bffUploadCpuMs, 0),
    [`${kind}ValidateBffCpuMs`]: round(sent.bffValidateCpuMs, 0),
    [`${kind}HealthzMaxMsDuringUploadAndValidate`]: round(
      sent.healthzMaxMsDuringUploadAndValidate,
      0,
    ),
    [`${kind}HealthzMaxMsDuringUpload`]: round(sent.healthzMaxMsDuringUpload, 0),
    [`${kind}HealthzMaxMsDuringValidate`]: round(sent.healthzMaxMsDuringValidate, 0),
  };
}

function uploadRow(kind: string, sent: BatchSendResult): SectionResult['rows'][number] {
  return {
    rows: `(c) ${SEND_ROWS} rows uploaded and validated through the BFF, ${kind}`,
    'upload s': round(sent.uploadSeconds, 2),
    'validate s': round(sent.validateSeconds, 2),
    'longest other wait, upload ms': round(sent.healthzMaxMsDuringUpload, 0),
    'longest other wait, validate ms': round(sent.healthzMaxMsDuringValidate, 0),
  };
}

function othersWaitTarget(kind: string, sent: BatchSendResult): BenchTarget {
  return {
    name: `batch: longest wait of another request while ${SEND_ROWS} rows upload and validate (${kind})`,
    target: `<= ${TARGET_OTHERS_WAIT_MS} ms`,
    actual: `${round(sent.healthzMaxMsDuringUploadAndValidate, 0)} ms (upload ${round(sent.healthzMaxMsDuringUpload, 0)}, validate ${round(sent.healthzMaxMsDuringValidate, 0)})`,
    met: sent.healthzMaxMsDuringUploadAndValidate <= TARGET_OTHERS_WAIT_MS,
  };
}

async function sending(ctx: BenchContext): Promise<SectionResult> {
  const adminUrl = adminDatabaseUrl();
  const kinds = [undefined, ...(adminUrl ? [adminUrl] : [])];
  const rows: SectionResult['rows'] = [];
  const figures: SectionResult['figures'] = {
    sendRows: SEND_ROWS,
    sendConcurrency: SEND_CONCURRENCY,
  };
  const targets: BenchTarget[] = [];
  const cleanup = new Cleanup();
  try {
    const sandbox = await startSandboxServer();
    cleanup.add(() => sandbox.stop());
    for (const url of kinds) {
      const database = await createBenchDatabase(url);
      cleanup.add(() => database.drop());
      const bff = await startBffServer(sandbox, database, {
        env: { BENCH_BATCH_SEND_CONCURRENCY: String(SEND_CONCURRENCY) },
      });
      cleanup.add(() => bff.stop());
      const kind = database.kind;
      ctx.log(`${kind}: warm-up batch of ${WARMUP_ROWS} rows`);
      await sendBatch(bff, sandbox, WARMUP_ROWS);
      if (UPLOAD_ONLY) {
        const uploaded = await sendBatch(bff, sandbox, SEND_ROWS, undefined, false);
        ctx.log(
          `${kind}: ${SEND_ROWS} rows uploaded in ${round(uploaded.uploadSeconds, 2)} s, validated in ${round(uploaded.validateSeconds, 2)} s`,
        );
        rows.push(uploadRow(kind, uploaded));
        Object.assign(figures, uploadFigures(kind, uploaded));
        targets.push(othersWaitTarget(kind, uploaded));
        await bff.stop();
        continue;
      }
      const direct = await directCreateRate(sandbox, SEND_ROWS, SEND_CONCURRENCY);
      ctx.log(
        `${kind}: sandbox direct ${round(direct.perSecond, 0)} creates/s (${SEND_CONCURRENCY} at a time)`,
      );
      const sent: BatchSendResult = await sendBatch(bff, sandbox, SEND_ROWS);
      const ratio = sent.rowsPerSecond / direct.perSecond;
      ctx.log(
        `${kind}: ${SEND_ROWS} rows sent in ${round(sent.sendSeconds, 2)} s (${round(sent.rowsPerSecond, 0)} rows/s, ratio ${round(ratio, 3)}), BFF ${round(sent.bffCpuMsPerPayout, 2)} ms CPU per payout, ${sent.status} ${JSON.stringify(sent.payouts)}`,
      );
      rows.push(
        {
          rows: `(a) sandbox create, direct (${SEND_CONCURRENCY} at a time)`,
          'rows/s': round(direct.perSecond, 0),
          'wall s': round(direct.seconds, 2),
          'ratio to (a)': '',
          'BFF CPU ms/payout': '',
          'sandbox CPU ms/payout': round(direct.sandboxCpuMsPerPayout, 3),
        },
        {
          rows: `(b) batch of ${SEND_ROWS} sent by the BFF, ${kind}`,
          'rows/s': round(sent.rowsPerSecond, 0),
          'wall s': round(sent.sendSeconds, 2),
          'ratio to (a)': round(ratio, 3),
          'BFF CPU ms/payout': round(sent.bffCpuMsPerPayout, 3),
          'sandbox CPU ms/payout': round(sent.sandboxCpuMsPerPayout, 3),
        },
      );
      Object.assign(figures, {
        [`${kind}DirectCreatesPerSec`]: round(direct.perSecond, 1),
        [`${kind}SendRowsPerSec`]: round(sent.rowsPerSecond, 1),
        [`${kind}SendRatio`]: round(ratio, 3),
        [`${kind}SendSeconds`]: round(sent.sendSeconds, 2),
        [`${kind}EndToEndSeconds`]: round(sent.endToEndSeconds, 2),
        ...uploadFigures(kind, sent),
        [`${kind}BffCpuMsPerPayout`]: round(sent.bffCpuMsPerPayout, 3),
        [`${kind}SandboxCpuMsPerPayout`]: round(sent.sandboxCpuMsPerPayout, 3),
        [`${kind}BatchStatus`]: sent.status,
      });
      targets.push({
        name: `batch: send throughput / sandbox create rate, ${kind}`,
        target: `>= ${TARGET_SEND_RATIO}`,
        actual: String(round(ratio, 3)),
        met: ratio >= TARGET_SEND_RATIO && sent.status === 'completed',
      });
      targets.push(othersWaitTarget(kind, sent));
      if (kind === 'postgres') {
        targets.push({
          name: 'batch: BFF CPU per created payout on PostgreSQL',
          target: `<= ${TARGET_CPU_MS_PER_PAYOUT} ms`,
          actual: `${round(sent.bffCpuMsPerPayout, 2)} ms`,
          met: sent.bffCpuMsPerPayout <= TARGET_CPU_MS_PER_PAYOUT,
        });
      }
      await bff.stop();
    }
  } finally {
    await cleanup.run();
  }
  return { rows, figures, targets };
}

export const section: BenchSection = {
  name: 'batch',
  async run(ctx): Promise<SectionResult> {
    const validated = validation(ctx);
    const sent = process.env.BENCH_BATCH_SEND === '0' ? undefined : await sending(ctx);
    return {
      rows: [...validated.rows, ...(sent?.rows ?? [])],
      figures: { ...validated.figures, ...sent?.figures },
      targets: [...validated.targets, ...(sent?.targets ?? [])],
    };
  },
};
