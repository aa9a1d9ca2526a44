// The build's last step (`npm run build -w @payouts/bff`): a migrated PGlite data directory, with
// the batch queue's tables, beside the compiled code (src/db/pgliteTemplate.ts says why).
import pino from 'pino';
import { PGLITE_TEMPLATE_DIR, writePgliteTemplate } from '../db/pgliteTemplate.js';
import { createBatchQueue } from '../features/batches/batchQueue.js';

await writePgliteTemplate(PGLITE_TEMPLATE_DIR, async (handle) => {
  await handle.migrate();
  const queue = createBatchQueue({ jobsDb: handle.jobsDb, logger: pino({ level: 'warn' }) });
  await queue.prepare();
  await queue.stop();
});
