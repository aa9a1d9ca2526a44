// The build's last step (`npm run build -w @payouts/bff`): a migrated PGlite data directory, with
// the batch queue's tables, beside the compiled code (src/db/pgliteTemplate.ts says why).
import { writeBffPgliteTemplate } from './pgliteTemplateContent.js';

await writeBffPgliteTemplate();
