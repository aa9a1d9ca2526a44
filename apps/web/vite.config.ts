import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

/**
 * What the payouts list loads beyond the shell, kept in one chunk. Without this, every staff page
 * that shares a piece of it (tables, filters, formatting) splits it into its own small chunk, and
 * a dozen separately compressed chunks cost the list's budget (200 kB gzip) about 2 kB.
 */
const LIST_ROUTE_MODULES = [
  // Only what other pages share: the list page's own modules (PayoutsPage, its filters, table,
  // chips, cards) make its own chunk, which the detail, wizard and other pages then do not
  // download. The filter drawer, the column chooser and the views menu load on first open
  // (issue 15): what only they use (MenuFilter, the corridor filters) stays out of here too.
  /apps[\\/]web[\\/]src[\\/]features[\\/]payouts[\\/](payoutQueryKeys|isFinalStatus|approvalRole|statusPoll)\./,
  /apps[\\/]web[\\/]src[\\/]components[\\/](visuallyHidden|recipientName|Placeholder|formatMoney|payoutStatusStyles|StatusChip|regionName|OutlinedField|DebouncedTextField|TestBadge|formatDateTime)\./,
  /apps[\\/]web[\\/]src[\\/]features[\\/](session[\\/]permissions)\./,
  /apps[\\/]web[\\/]src[\\/]components[\\/]CursorPager\./,
  /packages[\\/]contracts[\\/]src[\\/]api[\\/]patterns\./,
  /packages[\\/]contracts[\\/]src[\\/](types|currencies|money)\./,
  /@mui[\\/]icons-material[\\/](esm[\\/])?(Download|WarningAmber|Autorenew|Block|Cancel|CheckCircle|CloudUpload|Help|HourglassTop|Schedule|VerifiedUser|ArrowDropDown|Check|Add|Error|ContentCopy|Close|ArrowDownward)\./,
  // Not TableSortLabel: the list's sort headers are plain buttons (issue 15); the pages that use
  // it get it in a chunk of their own.
  /@mui[\\/]material[\\/](TableContainer|Table|TableBody|TableCell|TableHead|TableRow)[\\/]/,
];

/**
 * The SPA. Workspace packages resolve to their TypeScript sources (the `source` condition,
 * docs/decisions/001). In development `/api` goes to the BFF on :3000, so cookies stay
 * same-origin exactly as in production, where the BFF serves `dist/`.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Written for the bench's byte attribution, never referenced by the bundles nor served
    // (the BFF answers 404 for any .map).
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the listed modules: their dependencies (React, MUI's core) stay in the shell.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'payoutsList', test: (id) => LIST_ROUTE_MODULES.some((re) => re.test(id)) },
            ...(process.env.EXP_GROUPS ? JSON.parse(process.env.EXP_GROUPS) : []).map((g: { name: string; re: string; min?: number }) => ({ name: g.name, test: (id: string) => new RegExp(g.re).test(id), ...(g.min ? { minShareCount: g.min } : {}) })),
          ],
        },
      },
      treeshake: {
        // big.js builds its export with a top-level call, so the bundler keeps it even where no
        // amount arithmetic is used (the list only formats amounts). It has no other effect.
        moduleSideEffects: (id) =>
          /[\\/]node_modules[\\/]big\.js[\\/]/.test(id) ? false : undefined,
      },
    },
  },
});
