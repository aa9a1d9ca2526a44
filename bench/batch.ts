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
import type { BenchSection, BenchTarget, SectionResult } from './types.js';

/**
 * Issue 13: the BFF's parse + validation of a batch file, CPU time for 1,000 and 10,000
 * generated valid rows (target: 10,000 rows in under 2 s of CPU). The file is a US/USD bank
 * file of the PSP with every bank field (13 detail columns plus state), rows from the same
 * arbitraries as the property tests (seeded), each with its own order id.
 */

const SIZES = [1_000, 10_000] as const;
/** Measured passes after one warm-up pass; the median is reported. */
const RUNS = 3;
const TARGET_CPU_MS_10K = 2_000;
const SEED = 20_261_125;
const CORRIDOR = { country: 'US', currency: 'USD' };

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

export const section: BenchSection = {
  name: 'batch',
  run(ctx): Promise<SectionResult> {
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
    return Promise.resolve({ rows, figures, targets });
  },
};
