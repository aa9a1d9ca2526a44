import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import { build, type Plugin } from 'esbuild';

/** apps/bff: the working directory of every child. */
export const BFF_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The entries a multi-process test starts, by the name of their `.js` in the bundle. */
export const CHILD_ENTRIES = {
  main: 'src/main.ts',
  reconcilerProcess: 'src/testing/processes/reconcilerProcess.ts',
} as const;
export type ChildEntry = keyof typeof CHILD_ENTRIES;

/**
 * Only the workspace's own sources are bundled (their `source` condition is TypeScript); Node
 * loads every other package itself, as in production. Except `ajv`: a CommonJS package whose named
 * export `Ajv` (which the contracts import) Node's ESM loader cannot see.
 */
const BUNDLED_PACKAGES = ['ajv'];

const packagesToNode: Plugin = {
  name: 'packages-to-node',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const name = path.startsWith('@') ? path.split('/', 2).join('/') : path.split('/', 1)[0];
      const ours = name === '@payouts/contracts' || name === '@payouts/orchestrator-client';
      if (ours || BUNDLED_PACKAGES.includes(name ?? '')) return undefined;
      return { path, external: true };
    });
  },
};

/**
 * Sources that find files beside themselves (migrations, the PGlite template, the web build) keep
 * their own `import.meta.url`: in a bundle it would be the bundle's.
 */
const keepModuleUrl: Plugin = {
  name: 'keep-module-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const text = await readFile(path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(path).href);
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/**
 * Bundles the child entries with esbuild into `runDir` (which must sit under apps/bff, so the
 * external packages resolve) and returns the folder of their `.js` files.
 *
 * Why: `node --import tsx` sends each of the BFF's modules through tsx's loader hooks: about
 * 4.5 CPU-s and 3.5 s before a child answers on this 2-core machine. From the bundle it answers
 * after about 1.6 CPU-s and 1.5 s, and building takes about 1 CPU-s (docs/decisions/051). Each
 * Vitest worker builds once, on its first child, in its own sub-folder.
 */
export async function buildChildBundle(runDir: string): Promise<string> {
  const outdir = join(runDir, `${process.pid}-${threadId}`);
  mkdirSync(outdir, { recursive: true });
  await build({
    absWorkingDir: BFF_DIR,
    entryPoints: CHILD_ENTRIES,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir,
    conditions: ['source'],
    // The bundled CommonJS (ajv) calls `require` for its own dependencies.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [packagesToNode, keepModuleUrl],
    logLevel: 'warning',
  });
  return outdir;
}
