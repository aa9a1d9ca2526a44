import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb } from './web/buildWeb.js';
import { gzipSize, measureRouteWeights, readBudgets } from './web/routeWeights.js';
const dist = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'w-'));
if (!process.argv[2]) await buildWeb(dist);
for (const w of measureRouteWeights(dist, readBudgets()).filter((w) => ['list', 'sign-in'].includes(w.name))) {
  console.log(w.name, w.gzipBytes);
  for (const f of w.files) console.log('  ', f, gzipSize(readFileSync(join(dist, f))));
}
console.log(dist);
