import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRAME_MODULE, PAGE_MODULES, PUBLIC_PATHS } from '../../apps/web/src/app/pageModules.js';
import { buildWeb } from '../../bench/web/buildWeb.js';
import {
  kb,
  lazyPageModules,
  measureRouteWeights,
  readBudgets,
} from '../../bench/web/routeWeights.js';

/**
 * The CI check on page weight: what each route downloads (gzip JS + CSS of a production build)
 * stays within its budget in apps/web/budgets.json. `npm run bench` reports the same figures.
 *
 * It builds its own copy, with a Vite manifest to walk, rather than reading apps/web/dist
 * (see bench/web/buildWeb.ts).
 */
describe('page weight', () => {
  const budgets = readBudgets();
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'payouts-page-weight-'));
    await buildWeb(dist);
  });
  afterAll(() => {
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it('has a budget for every lazy page of the app', () => {
    const budgeted = budgets.map((budget) => budget.page);
    expect(lazyPageModules().filter((page) => !budgeted.includes(page))).toEqual([]);
    expect(budgets.find((budget) => budget.name === 'list')?.budgetKb).toBe(183);
  });

  it('counts the signed-in frame for every page but those without a session', () => {
    // The frame is a lazy chunk (src/app/RequireSession.tsx): a signed-in page shows only once
    // it is there, so it weighs on every route but sign-in and the invitation.
    const isPublic = (path: string) => PUBLIC_PATHS.includes(path);
    expect(
      budgets.filter(
        (budget) => !isPublic(budget.path) && budget.layout !== 'src/app/AppShell.tsx',
      ),
    ).toEqual([]);
    expect(budgets.filter((budget) => isPublic(budget.path) && budget.layout)).toEqual([]);
  });

  it('names, for every page path, its own chunk and the frame, in files the build wrote', () => {
    // dist/route-preloads.json: the BFF preloads these (docs/decisions/026).
    const { routes } = JSON.parse(readFileSync(join(dist, 'route-preloads.json'), 'utf8')) as {
      routes: { path: string; files: string[] }[];
    };
    expect(routes.map((route) => route.path)).toEqual(Object.keys(PAGE_MODULES));
    const chunkOf = (module: string) => `assets/${module.split('/').at(-1)!.replace('.tsx', '')}-`;
    for (const { path, files } of routes) {
      for (const file of files) expect(existsSync(join(dist, file)), file).toBe(true);
      const hasChunk = (module: string) => files.some((f) => f.startsWith(chunkOf(module)));
      expect(hasChunk(PAGE_MODULES[path]!), `${path}: its page`).toBe(true);
      expect(hasChunk(FRAME_MODULE), `${path}: the frame`).toBe(!PUBLIC_PATHS.includes(path));
    }
  });

  it.each(['sign-in', 'invitation', 'mailbox', 'password-reset'])(
    'keeps MUI and emotion out of the %s route (docs/decisions/033)',
    (name) => {
      const route = measureRouteWeights(dist, budgets).find((weight) => weight.name === name);
      // Every script but the bundler's runtime (no source of its own, so no map).
      const sources = route!.files
        .filter((file) => file.endsWith('.js') && existsSync(join(dist, `${file}.map`)))
        .flatMap(
          (file) =>
            (JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as { sources: string[] })
              .sources,
        );
      expect(sources.length).toBeGreaterThan(10);
      expect(sources.filter((source) => /node_modules\/(@mui|@emotion)\//.test(source))).toEqual(
        [],
      );
    },
  );

  it('keeps every route within its budget', () => {
    const weights = measureRouteWeights(dist, budgets);
    expect(weights.map((weight) => weight.name)).toEqual(budgets.map((budget) => budget.name));
    // Every route downloads at least the entry; a route of a few bytes means a broken walk.
    for (const weight of weights) expect(weight.gzipBytes).toBeGreaterThan(50_000);
    const over = weights
      .filter((weight) => !weight.withinBudget)
      .map(
        (weight) =>
          `${weight.name} (${weight.path}): ${kb(weight.gzipBytes)} gzip, budget ${weight.budgetKb} kB`,
      );
    expect(over, 'routes over their budget in apps/web/budgets.json').toEqual([]);
  });
});
