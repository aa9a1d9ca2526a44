import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { CDPSession } from 'playwright-core';
import { emptyTally, type Tally } from './tally.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time of the page's main thread, split three ways (each over the same busy time). */
export interface ProfileTallies {
  /** `(program)` (the browser's own work: style, layout, paint) and `(garbage collector)`. */
  engine: Tally;
  /** JS self time by function, named through the build's source maps. */
  functions: Tally;
  /** JS self time by origin: an npm package, or the app's own sources. */
  origins: Tally;
}

/**
 * Records a JS CPU profile (DevTools Protocol `Profiler`) around `work`, saves the .cpuprofile
 * when given a file (it opens in Chrome DevTools) and sums self time per function and per
 * package, with names and places taken from the build's source maps in `distDir`.
 */
export async function profile<T>(
  cdp: CDPSession,
  distDir: string,
  file: string | undefined,
  work: () => Promise<T>,
): Promise<{ result: T; tallies: ProfileTallies }> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  let recorded: Profile;
  let result: T;
  try {
    result = await work();
  } finally {
    // The protocol's own Profile type; ours names only what summarize reads.
    ({ profile: recorded } = await cdp.send('Profiler.stop'));
    await cdp.send('Profiler.disable');
  }
  if (file !== undefined) writeFileSync(file, JSON.stringify(recorded));
  return { result, tallies: summarize(recorded, distDir) };
}

const ENGINE = new Set(['(program)', '(garbage collector)', '(root)']);

/** `node_modules/@mui/material/esm/x.js` -> `@mui/material`; app sources -> their workspace. */
function originOf(source: string): string {
  const parts = source.split('node_modules/');
  if (parts.length > 1) {
    const [first, second] = parts.at(-1)!.split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? source);
  }
  const app = /(apps\/[^/]+|packages\/[^/]+)\/src\//.exec(source);
  return app ? app[1]! : source;
}

function shortSource(source: string): string {
  const parts = source.split('node_modules/');
  if (parts.length > 1) return parts.at(-1)!;
  return /((apps|packages)\/.*)$/.exec(source)?.[1] ?? source;
}

export function summarize(recorded: Profile, distDir: string): ProfileTallies {
  const maps = new Map<string, TraceMap | null>();
  const mapFor = (url: string): TraceMap | null => {
    const path = new URL(url).pathname;
    if (!maps.has(path)) {
      const mapFile = join(distDir, `${path}.map`);
      maps.set(path, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
    }
    return maps.get(path) ?? null;
  };
  const describe = (frame: CallFrame): { fn: string; origin: string } => {
    if (!frame.url) return { fn: frame.functionName || '(native)', origin: '(browser)' };
    const map = /^https?:/.test(frame.url) ? mapFor(frame.url) : null;
    const original = map
      ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
      : null;
    if (!original?.source) {
      return { fn: `${frame.functionName || '(anonymous)'} (${frame.url})`, origin: frame.url };
    }
    const name = original.name ?? (frame.functionName || '(anonymous)');
    return {
      fn: `${name} (${shortSource(original.source)}:${original.line})`,
      origin: originOf(original.source),
    };
  };

  const byId = new Map(recorded.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const samples = recorded.samples ?? [];
  const deltas = recorded.timeDeltas ?? [];
  // timeDeltas[i] is the gap before sample i, so a sample lasts until the next one.
  for (let i = 0; i < samples.length; i++) {
    const ms = (deltas[i + 1] ?? 0) / 1000;
    self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + ms);
  }

  const engine = emptyTally();
  const functions = emptyTally();
  const origins = emptyTally();
  let busyMs = 0;
  const add = (tally: Tally, key: string, ms: number): void => {
    tally.ms[key] = (tally.ms[key] ?? 0) + ms;
  };
  for (const [id, ms] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    busyMs += ms;
    if (ENGINE.has(frame.functionName) && !frame.url) {
      add(engine, frame.functionName, ms);
      continue;
    }
    const { fn, origin } = describe(frame);
    add(functions, fn, ms);
    add(origins, origin, ms);
  }
  for (const tally of [engine, functions, origins]) tally.busyMs = busyMs;
  return { engine, functions, origins };
}
