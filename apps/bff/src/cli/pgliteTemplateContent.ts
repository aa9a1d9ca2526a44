import pino from 'pino';
import { PGLITE_TEMPLATE_DIR, writePgliteTemplate } from '../db/pgliteTemplate.js';
import { createBatchQueue } from '../features/batches/batchQueue.js';

/**
 * The migrated PGlite data directory a new data folder starts from, with the batch queue's
 * tables: made by the build beside the compiled code, and by the test set-up beside the sources.
 */
export async function writeBffPgliteTemplate(): Promise<void> {
  await writePgliteTemplate(PGLITE_TEMPLATE_DIR, async (handle) => {
    await handle.migrate();
    const queue = createBatchQueue({ jobsDb: handle.jobsDb, logger: pino({ level: 'warn' }) });
    await queue.prepare();
    await queue.stop();
  });
}
