import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_FOLDER } from './database.js';

/**
 * A migrated PGlite data directory (gzipped tar), made by the build beside the compiled code, so
 * `npm start` on a new data folder unpacks it instead of running initdb and every migration
 * (issue 16: start to ready in 3 s; initdb and the migrations were about 5 of the 6.3 s). From
 * the sources (tsx, tests) there is none and PGlite starts the slow way.
 */
export const PGLITE_TEMPLATE_FILE = fileURLToPath(
  new URL('./pglite-template.tar.gz', import.meta.url),
);

/** What a template was made with: one made by another PGlite or before a migration is ignored. */
export interface TemplateStamp {
  pglite: string;
  migrations: string[];
}

const stampFile = (file: string) => `${file}.json`;

export function currentTemplateStamp(): TemplateStamp {
  // The package exports no package.json: read it from the folder its entry resolves into.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const root = entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Array<{ tag: string }> };
  return { pglite: version, migrations: journal.entries.map((entry) => entry.tag) };
}

/** Writes the template and its stamp. */
export function writePgliteTemplate(file: string, dump: Buffer): void {
  writeFileSync(file, dump);
  writeFileSync(stampFile(file), `${JSON.stringify(currentTemplateStamp())}\n`);
}

/**
 * The template at `file` when it was made by this PGlite with exactly these migrations;
 * undefined otherwise (missing, stale or unreadable: the caller runs initdb instead).
 */
export function readPgliteTemplate(file: string): Blob | undefined {
  if (!existsSync(file) || !existsSync(stampFile(file))) return undefined;
  try {
    const stamp = JSON.parse(readFileSync(stampFile(file), 'utf8')) as TemplateStamp;
    const current = currentTemplateStamp();
    if (
      stamp.pglite !== current.pglite ||
      JSON.stringify(stamp.migrations) !== JSON.stringify(current.migrations)
    ) {
      return undefined;
    }
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}
