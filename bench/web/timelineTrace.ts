import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { Tally } from './tally.js';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
];

/**
 * Records a Chromium performance trace (what the DevTools Performance panel records) around
 * `work`, saves it when given a file (it opens in that panel) and sums the page's main-thread
 * self time per kind of work: script (FunctionCall, EventDispatch, ...), style
 * (UpdateLayoutTree), Layout, Paint, GC.
 */
export async function traceMainThread<T>(
  browser: Browser,
  page: Page,
  file: string | undefined,
  work: () => Promise<T>,
): Promise<{ result: T; tally: Tally }> {
  await browser.startTracing(page, { categories: CATEGORIES });
  let buffer: Buffer;
  let result: T;
  try {
    result = await work();
  } finally {
    buffer = await browser.stopTracing();
  }
  if (file !== undefined) writeFileSync(file, buffer);
  return {
    result,
    tally: summarizeTrace(JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }),
  };
}

export function summarizeTrace({ traceEvents }: { traceEvents: TraceEvent[] }): Tally {
  const mainThreads = traceEvents
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`);
  // Several renderers may exist (one per site); the page's is the busiest.
  const complete = traceEvents.filter(
    (e) => e.ph === 'X' && e.dur !== undefined && mainThreads.includes(`${e.pid}:${e.tid}`),
  );
  const perThread = new Map<string, TraceEvent[]>();
  for (const e of complete) {
    const key = `${e.pid}:${e.tid}`;
    const list = perThread.get(key) ?? [];
    list.push(e);
    perThread.set(key, list);
  }
  const total = (events: TraceEvent[]): number =>
    events.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + e.dur!, 0);
  const events =
    [...perThread.values()]
      .sort((a, b) => total(b) - total(a))[0]
      ?.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!) ?? [];

  // Self time: an event's duration less its children's (events nest on one thread).
  const self = new Map<string, number>();
  const stack: Array<{ event: TraceEvent; childMs: number }> = [];
  const close = (upTo: number): void => {
    while (stack.length > 0 && stack.at(-1)!.event.ts + stack.at(-1)!.event.dur! <= upTo) {
      const { event, childMs } = stack.pop()!;
      self.set(event.name, (self.get(event.name) ?? 0) + event.dur! - childMs);
    }
  };
  for (const event of events) {
    close(event.ts);
    const parent = stack.at(-1);
    if (parent) parent.childMs += event.dur!;
    stack.push({ event, childMs: 0 });
  }
  close(Number.POSITIVE_INFINITY);

  const ms: Record<string, number> = {};
  for (const [name, us] of self) ms[name] = us / 1000;
  return { busyMs: total(events) / 1000, ms };
}
