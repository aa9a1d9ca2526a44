/**
 * `npm run bench [-- section …]`: runs the benchmark sections (all by default), prints each
 * section's table as it finishes and a final targets table, and writes `bench/results.json`.
 * A missed target is a result, not a failure (exit 0); a section that throws is reported as
 * failed, the others still run, and the exit code is 1.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchSection, BenchTarget, SectionResult } from './types.js';

export const SECTIONS = [
  'hop',
  'create',
  'ledger',
  'pageWeight',
  'forms',
  'beneficiaries',
  'batch',
  'identity',
  'overview',
  'lcp',
  'startup',
] as const;

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = join(BENCH_DIR, 'results.json');
const RESULTS_DIR = join(BENCH_DIR, 'results');

type Cell = string | number;

/** A plain aligned text table (numbers right-aligned). */
export function formatTable(rows: ReadonlyArray<Record<string, Cell>>): string {
  if (rows.length === 0) return '  (no rows)';
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const text = (value: Cell | undefined) =>
    value === undefined
      ? ''
      : typeof value === 'number' && Number.isNaN(value)
        ? '-'
        : String(value);
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => text(row[column]).length)),
  );
  const line = (cells: string[], numeric: boolean[]) =>
    '  ' +
    cells
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const numeric = columns.map((column) => rows.every((row) => typeof row[column] !== 'string'));
  return [
    line(columns, numeric),
    line(
      widths.map((w) => '-'.repeat(w)),
      numeric,
    ),
    ...rows.map((row) =>
      line(
        columns.map((column) => text(row[column])),
        numeric,
      ),
    ),
  ].join('\n');
}

/** 1-minute load average, rounded: other work on the machine skews every timing. */
const load1 = (): number => Math.round(loadavg()[0]! * 100) / 100;

interface SectionRecord {
  status: 'ok' | 'failed';
  ranAt: string;
  durationSeconds: number;
  /** 1-minute load average when the section started and ended. */
  loadAverage: { start: number; end: number };
  error?: string;
  result?: SectionResult;
}

interface ResultsFile {
  date: string;
  machine: {
    cpus: number;
    cpuModel: string;
    totalMemoryGb: number;
    platform: string;
    node: string;
    /** 1-minute load average when the run started. */
    loadAverageAtStart: number;
  };
  sections: Record<string, SectionRecord>;
}

async function loadSection(name: string): Promise<BenchSection> {
  const module = (await import(pathToFileURL(join(BENCH_DIR, `${name}.ts`)).href)) as {
    section?: BenchSection;
  };
  if (!module.section) throw new Error(`bench/${name}.ts exports no \`section\``);
  return module.section;
}

async function previousResults(): Promise<ResultsFile['sections']> {
  try {
    return (JSON.parse(await readFile(RESULTS_FILE, 'utf8')) as ResultsFile).sections ?? {};
  } catch {
    return {};
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const unknown = args.filter((arg) => !(SECTIONS as readonly string[]).includes(arg));
  if (unknown.length > 0) {
    console.error(`Unknown section(s): ${unknown.join(', ')}. Sections: ${SECTIONS.join(', ')}.`);
    return 2;
  }
  const names = args.length > 0 ? SECTIONS.filter((s) => args.includes(s)) : [...SECTIONS];
  await mkdir(RESULTS_DIR, { recursive: true });

  const cpuList = cpus();
  const results: ResultsFile = {
    date: new Date().toISOString(),
    machine: {
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
      totalMemoryGb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
      platform: `${process.platform} ${process.arch}`,
      node: process.version,
      loadAverageAtStart: load1(),
    },
    // A subset run keeps the other sections' earlier results (each has its own ranAt).
    sections: await previousResults(),
  };
  const { machine } = results;
  console.log(
    `npm run bench: ${names.join(', ')}\nmachine: ${machine.cpus} × ${machine.cpuModel}, ${machine.totalMemoryGb} GB, ${machine.platform}, Node ${machine.node}, load average ${machine.loadAverageAtStart}\n`,
  );

  const started = performance.now();
  const targets: Array<BenchTarget & { section: string }> = [];
  let failed = 0;
  for (const name of names) {
    const sectionStarted = performance.now();
    const ranAt = new Date().toISOString();
    const loadAtStart = load1();
    const seconds = () => Math.round((performance.now() - sectionStarted) / 100) / 10;
    console.log(`== ${name}`);
    try {
      const section = await loadSection(name);
      const result = await section.run({
        log: (line) => console.log(`  [${name}] ${line}`),
        resultsDir: RESULTS_DIR,
      });
      results.sections[name] = {
        status: 'ok',
        ranAt,
        durationSeconds: seconds(),
        loadAverage: { start: loadAtStart, end: load1() },
        result,
      };
      targets.push(...result.targets.map((target) => ({ section: name, ...target })));
      console.log(
        `${formatTable(result.rows)}\n  (${seconds()} s, load average ${loadAtStart} -> ${load1()})\n`,
      );
    } catch (error) {
      failed += 1;
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      results.sections[name] = {
        status: 'failed',
        ranAt,
        durationSeconds: seconds(),
        loadAverage: { start: loadAtStart, end: load1() },
        error: message,
      };
      targets.push({
        section: name,
        name: `${name}: section ran`,
        target: 'ok',
        actual: 'failed',
        met: false,
      });
      console.log(`  FAILED after ${seconds()} s: ${message}\n`);
    }
    // Written after every section, so an interrupted run keeps what it measured.
    await writeFile(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  }

  console.log('== targets');
  console.log(
    formatTable(
      targets.map((t) => ({
        section: t.section,
        figure: t.name,
        target: t.target,
        actual: t.actual,
        met: t.met ? 'yes' : 'NO',
      })),
    ),
  );
  const total = Math.round((performance.now() - started) / 1000);
  console.log(
    `\n${targets.filter((t) => t.met).length}/${targets.length} targets met; ${failed} section(s) failed; ${total} s in all. Results: bench/results.json`,
  );
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
