import { defineConfig } from 'drizzle-kit';

// Generation only (`npm run db:generate -w @payouts/bff`): it diffs the schema against the
// committed snapshots and needs no database (the schema reads the statuses from the built
// contracts, so the script builds them first). Migrations are applied by the app at startup.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
