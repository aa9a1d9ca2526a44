/** Shared contract between the `npm run bench` runner (bench/run.ts) and its sections. */

export interface BenchContext {
  /** Progress line printed by the runner (prefixed with the section name). */
  log(line: string): void;
  /** Directory for section artefacts (bench/results). */
  resultsDir: string;
}

export interface BenchTarget {
  name: string;
  target: string;
  actual: string;
  met: boolean;
}

export interface SectionResult {
  /** Printed as a table. */
  rows: Array<Record<string, string | number>>;
  /** Machine-readable figures. */
  figures: Record<string, number | string>;
  targets: BenchTarget[];
}

export interface BenchSection {
  name: string;
  run(ctx: BenchContext): Promise<SectionResult>;
}
