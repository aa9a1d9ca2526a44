import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: Promise<string> | undefined;

/** One axe violation, reduced to what a report needs. */
export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  /** The offending elements' opening HTML (shortened), which says more than a CSS path. */
  nodes: string[];
}

interface AxeResultLike {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { html: string }[];
  }[];
}

/**
 * Runs axe-core in the page and returns its serious and critical violations.
 *
 * The app's CSP (`script-src 'self'`) refuses an injected `<script>`, so `addScriptTag` cannot
 * load axe. `page.evaluate` runs through the DevTools protocol, outside the page's CSP, so the
 * journeys audit the app under its real policy (no `bypassCSP`).
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Colours measured mid-transition (a button just enabled fades in) are neither the old nor
  // the new ones: let finite transitions and animations end first (spinners never do).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(await source);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }
    ).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })) as AxeResultLike;
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((node) => node.html.slice(0, 240)),
    }));
}
