import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * Two of RJSF's dependencies replaced by small stand-ins, for RJSF's own imports only (see each
 * stub for why it is enough): the markdown parser (`markdown-to-jsx`, about 25 kB gzip) and the
 * URI library it resolves `$ref`s with (`fast-uri`, about 7 kB gzip). Every page with a PSP
 * section downloads RJSF.
 */
const RJSF_STUBS: Record<string, string> = {
  'markdown-to-jsx/react': fileURLToPath(
    new URL('./src/forms/stubs/markdownToJsx.ts', import.meta.url),
  ),
  'fast-uri': fileURLToPath(new URL('./src/forms/stubs/fastUri.ts', import.meta.url)),
};

function rjsfStubs(): Plugin {
  return {
    name: 'payouts:rjsf-stubs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && /[\\/]node_modules[\\/]@rjsf[\\/]/.test(importer)) return RJSF_STUBS[source];
      return undefined;
    },
  };
}

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
  plugins: [react(), rjsfStubs()],
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
            // The libraries (MUI's core, emotion, transitions) nearly every page shares, in one
            // chunk: left to itself the bundler cuts them into a few chunks whose boundaries move
            // each time a lazy page is added (the notification bell's popover split them three
            // ways), and each boundary costs compression. 17 of the 20 entries (the shell, the
            // menu drawer and 18 lazy pages): only what the shell's own controls use. Measured
            // with `npm run bench -- pageWeight`: every route about 2.5 kB lighter than without;
            // raised from 15 when the three batch pages came (15 then cost every route 0.5 kB), to 19 with
            // the overview, its time-zone dialog and the list's lazy extras (17 cost every route 6 kB).
            // React Router stays in the entry chunk (which imports it anyway): counted into the
            // shell, it moved there whenever a few more lazy chunks used a link, and the entry and
            // shell chunks split differently, costing every route about 1 kB (issue 15's lazy
            // list extras and the bell's lazy panel did that).
            {
              name: 'shell',
              test: (id) =>
                /[\\/]node_modules[\\/]/.test(id) &&
                !/[\\/]node_modules[\\/]react-router[\\/]/.test(id),
              minShareCount: 19,
            },
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
