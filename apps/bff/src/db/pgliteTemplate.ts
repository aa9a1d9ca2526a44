import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  readMigrationJournal,
  openDatabase,
  PGLITE_SUBFOLDER,
  type DatabaseHandle,
} from './database.js';

/**
 * A migrated PGlite data directory, made by the build beside the compiled code, so `npm start` on
 * a new data folder copies it instead of running initdb and every migration (start to
 * ready in 3 s; initdb and the migrations were about 5 of the 6.3 s). It is a plain folder,
 * copied by the operating system: unpacking a dumped tar through PGlite's file system took about
 * a second of a first start (decision 030). From the sources (tsx, tests) there is none and
 * PGlite starts the slow way, unless the BFF's test set-up has made one beside them (ignored by git).
 */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('./pglite-template', import.meta.url));

/** What a template was made with: one made by another PGlite or before a migration is ignored. */
export interface TemplateStamp {
  pglite: string;
  migrations: string[];
}

const stampFile = (dir: string) => `${dir}.json`;

export function currentTemplateStamp(): TemplateStamp {
  // The package exports no package.json: read it from the folder its entry resolves into.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const root = entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { pglite: version, migrations: readMigrationJournal().map((entry) => entry.tag) };
}

/**
 * Makes the template at `dir`: `prepare` gets a PGlite on disk (migrate it, add what every new
 * folder needs), closed after it; then the stamp beside it. Built in a sibling folder first, so a
 * failed build leaves no half a template.
 */
export async function writePgliteTemplate(
  dir: string,
  prepare: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const work = `${dir}.building`;
  rmSync(work, { recursive: true, force: true });
  rmSync(stampFile(dir), { force: true });
  rmSync(dir, { recursive: true, force: true });
  const handle = await openDatabase({ dataDir: work });
  try {
    await prepare(handle);
  } finally {
    await handle.close();
  }
  renameSync(join(work, PGLITE_SUBFOLDER), dir);
  rmSync(work, { recursive: true, force: true });
  stampPgliteTemplate(dir);
}

/** Says beside `dir` which PGlite and migrations made it. */
export function stampPgliteTemplate(dir: string): void {
  writeFileSync(stampFile(dir), `${JSON.stringify(currentTemplateStamp())}\n`);
}

/**
 * `dir` when it holds a template made by this PGlite with exactly these migrations; undefined
 * otherwise (missing, stale or unreadable: the caller runs initdb instead).
 */
export function pgliteTemplateDir(dir: string): string | undefined {
  if (!existsSync(join(dir, 'PG_VERSION')) || !existsSync(stampFile(dir))) return undefined;
  try {
    const stamp = JSON.parse(readFileSync(stampFile(dir), 'utf8')) as TemplateStamp;
    const current = currentTemplateStamp();
    if (
      stamp.pglite !== current.pglite ||
      JSON.stringify(stamp.migrations) !== JSON.stringify(current.migrations)
    ) {
      return undefined;
    }
    return dir;
  } catch {
    return undefined;
  }
}
