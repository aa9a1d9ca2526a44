import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Page weight per route, from a production build of apps/web: the gzip size of the JS and CSS a
 * browser must download before the route's page can render. Shared by `npm run bench`
 * (bench/pageWeight.ts) and the CI check (tests/e2e/page-weight.spec.ts), so both count alike.
 *
 * A route needs the entry chunk (index.html's script) and everything it imports statically, plus
 * the chunk holding the route's lazy page module, the chunk of its lazy layout (the signed-in
 * frame) and everything those import statically. What loads later on demand (the menu drawer on
 * first open, the overview's charts, other pages) is not counted.
 */

export const WEB_DIR = new URL('../../apps/web/', import.meta.url).pathname;
export const BUDGETS_FILE = join(WEB_DIR, 'budgets.json');
export const APP_ROUTES_FILE = join(WEB_DIR, 'src/app/appRoutes.tsx');

export interface RouteBudget {
  /** Short name used in tables, e.g. `list`. */
  name: string;
  /** A URL of the route, for people. */
  path: string;
  /** The lazy page module, relative to apps/web, e.g. `src/features/payouts/PayoutsPage.tsx`. */
  page: string;
  /**
   * The lazy layout the page renders in, relative to apps/web (the signed-in pages'
   * `src/app/AppShell.tsx`): its chunk is downloaded before the page shows, so it counts.
   */
  layout?: string;
  /** Most the route may weigh: gzip kB (1 kB = 1000 bytes) of JS + CSS. */
  budgetKb: number;
}

export interface RouteWeight extends RouteBudget {
  /** Built files the route downloads (relative to dist/), entry first. */
  files: string[];
  jsBytes: number;
  cssBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
  /** JS + CSS, gzip. */
  gzipBytes: number;
  withinBudget: boolean;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** gzip at zlib's default level, the figure `vite build` prints. */
export function gzipSize(content: Buffer): number {
  return gzipSync(content).length;
}

export function readBudgets(file = BUDGETS_FILE): RouteBudget[] {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { routes?: RouteBudget[] };
  if (!Array.isArray(parsed.routes)) throw new Error(`${file}: expected a "routes" array`);
  return parsed.routes;
}

/**
 * The page modules appRoutes.tsx loads lazily (`import('../features/x/XPage.js')`), as paths
 * relative to apps/web with their .tsx extension: every one of them needs a budget.
 */
export function lazyPageModules(appRoutesSource = readFileSync(APP_ROUTES_FILE, 'utf8')): string[] {
  const pages: string[] = [];
  for (const match of appRoutesSource.matchAll(/import\(\s*'(\.\.?\/[^']+)\.js'\s*\)/g)) {
    pages.push(
      resolve(join(WEB_DIR, 'src/app'), `${match[1]}.tsx`)
        .slice(WEB_DIR.length)
        .replaceAll('\\', '/'),
    );
  }
  return pages;
}

function readManifest(distDir: string): Manifest {
  const file = join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: build the SPA with its manifest (\`vite build --manifest\`, buildWeb)`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The manifest key of the chunk holding `page`. A page bundled into a named group (the list's
 * `payoutsList`, vite.config.ts) has no key of its own, so the chunks' source maps tell.
 */
function chunkOf(manifest: Manifest, distDir: string, page: string): string {
  if (manifest[page]) return page;
  const wanted = resolve(WEB_DIR, page);
  for (const [key, chunk] of Object.entries(manifest)) {
    const mapFile = join(distDir, `${chunk.file}.map`);
    if (!chunk.file.endsWith('.js') || !existsSync(mapFile)) continue;
    const { sources } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    const base = join(distDir, chunk.file, '..');
    if (sources.some((source) => resolve(base, source) === wanted)) return key;
  }
  throw new Error(`no chunk of the build contains ${page} (is it still a lazy page?)`);
}

/** `keys` and every chunk they import statically, in visiting order. */
function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/**
 * Fails on a build that bundles React's development code (NODE_ENV other than `production` at
 * build time): its sizes say nothing about what ships.
 */
function assertProductionBuild(distDir: string, entryFile: string): void {
  const mapFile = join(distDir, `${entryFile}.map`);
  if (!existsSync(mapFile)) return;
  const { sources } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  const development = sources.find((source) =>
    /node_modules\/(react|react-dom|scheduler)\/cjs\/[^/]+\.development\.js$/.test(source),
  );
  if (development !== undefined) {
    throw new Error(
      `${distDir} is a development build (it bundles ${development.slice(development.lastIndexOf('node_modules/'))}): ` +
        'build it with NODE_ENV unset or production',
    );
  }
}

export function measureRouteWeights(distDir: string, budgets: RouteBudget[]): RouteWeight[] {
  const manifest = readManifest(distDir);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (entry === undefined) throw new Error('the manifest has no entry chunk');
  assertProductionBuild(distDir, manifest[entry]!.file);
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string): { raw: number; gzip: number } => {
    let size = sizes.get(file);
    if (!size) {
      const content = readFileSync(join(distDir, file));
      size = { raw: content.length, gzip: gzipSize(content) };
      sizes.set(file, size);
    }
    return size;
  };

  return budgets.map((budget) => {
    const lazyModules = budget.layout ? [budget.layout, budget.page] : [budget.page];
    const chunks = staticClosure(manifest, [
      entry,
      ...lazyModules.map((module) => chunkOf(manifest, distDir, module)),
    ]);
    const js = chunks.map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    const css = [...new Set(chunks.flatMap((key) => manifest[key]!.css ?? []))];
    const sum = (files: string[], pick: 'raw' | 'gzip'): number =>
      files.reduce((total, file) => total + sizeOf(file)[pick], 0);
    const jsGzipBytes = sum(js, 'gzip');
    const cssGzipBytes = sum(css, 'gzip');
    const gzipBytes = jsGzipBytes + cssGzipBytes;
    return {
      ...budget,
      files: [...js, ...css],
      jsBytes: sum(js, 'raw'),
      cssBytes: sum(css, 'raw'),
      jsGzipBytes,
      cssGzipBytes,
      gzipBytes,
      withinBudget: gzipBytes <= budget.budgetKb * 1000,
    };
  });
}

/** `197.6 kB` */
export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
