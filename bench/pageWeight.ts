import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchSection } from './types.js';
import { buildWebOnce } from './web/buildWeb.js';
import { kb, measureRouteWeights, readBudgets } from './web/routeWeights.js';

/** The targets, kB gzip: these three routes, and every other route at most OTHER_TARGET_KB. */
const ROUTE_TARGETS_KB: Record<string, number> = { 'sign-in': 120, list: 150, detail: 180 };
const OTHER_TARGET_KB = 250;

/**
 * The gzip JS + CSS each route downloads, from a fresh production build, against
 * the targets and the budgets in apps/web/budgets.json (the same figures tests/e2e/page-weight.spec.ts checks).
 */
export const section: BenchSection = {
  name: 'page weight',
  async run(ctx) {
    const started = performance.now();
    const dist = await buildWebOnce((line) => ctx.log(line));
    const weights = measureRouteWeights(dist, readBudgets());
    writeFileSync(
      join(ctx.resultsDir, 'page-weight.json'),
      `${JSON.stringify({ budgets: 'apps/web/budgets.json', routes: weights }, null, 2)}\n`,
    );
    for (const name of Object.keys(ROUTE_TARGETS_KB)) {
      if (!weights.some((weight) => weight.name === name)) {
        throw new Error(`apps/web/budgets.json has no "${name}" route`);
      }
    }
    const others = weights.filter((weight) => !(weight.name in ROUTE_TARGETS_KB));
    const othersOver = others.filter((weight) => weight.gzipBytes > OTHER_TARGET_KB * 1000);
    const over = weights.filter((weight) => !weight.withinBudget);
    const seconds = (performance.now() - started) / 1000;
    ctx.log(`${weights.length} routes measured in ${seconds.toFixed(1)} s (build included)`);

    return {
      rows: weights.map((weight) => ({
        route: weight.name,
        path: weight.path,
        files: weight.files.length,
        'JS raw': kb(weight.jsBytes),
        'JS gzip': kb(weight.jsGzipBytes),
        'CSS gzip': kb(weight.cssGzipBytes),
        'total gzip': kb(weight.gzipBytes),
        budget: `${weight.budgetKb} kB`,
        within: weight.withinBudget ? 'yes' : 'NO',
      })),
      figures: {
        ...Object.fromEntries(
          weights.map((weight) => [`pageWeight.${weight.name}.gzipKb`, weight.gzipBytes / 1000]),
        ),
        'pageWeight.routesOverBudget': over.length,
        'pageWeight.seconds': Number(seconds.toFixed(1)),
      },
      targets: [
        ...Object.entries(ROUTE_TARGETS_KB).map(([name, targetKb]) => {
          const weight = weights.find((w) => w.name === name)!;
          return {
            name: `${name} route, gzip JS + CSS`,
            target: `<= ${targetKb} kB`,
            actual: kb(weight.gzipBytes),
            met: weight.gzipBytes <= targetKb * 1000,
          };
        }),
        {
          name: 'every other route, gzip JS + CSS',
          target: `<= ${OTHER_TARGET_KB} kB`,
          actual:
            othersOver.length === 0
              ? `all ${others.length} within`
              : othersOver.map((w) => `${w.name} ${kb(w.gzipBytes)}`).join(', '),
          met: othersOver.length === 0,
        },
        {
          name: 'every route within apps/web/budgets.json',
          target: '0 over',
          actual: over.length === 0 ? '0 over' : over.map((w) => w.name).join(', '),
          met: over.length === 0,
        },
      ],
    };
  },
};
