// The build's last step (`npm run build -w @payouts/bff`): a migrated PGlite data directory, with
// the batch queue's tables, beside the compiled code (src/db/pgliteTemplate.ts says why).
import pino from 'pino';
import { openDatabase } from '../db/database.js';
import { PGLITE_TEMPLATE_FILE, writePgliteTemplate } from '../db/pgliteTemplate.js';
import { createBatchQueue } from '../features/batches/batchQueue.js';

const handle = await openDatabase({ memory: true });
try {
  await handle.migrate();
  const queue = createBatchQueue({ jobsDb: handle.jobsDb, logger: pino({ level: 'warn' }) });
  await queue.prepare();
  await queue.stop();
  const dump = await handle.dump!();
  writePgliteTemplate(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
} finally {
  await handle.close();
}
