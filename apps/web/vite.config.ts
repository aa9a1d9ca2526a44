import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * What the payouts list loads beyond the shell, kept in one chunk. Without this, every staff page
 * that shares a piece of it (tables, filters, formatting) splits it into its own small chunk, and
 * a dozen separately compressed chunks cost the list's budget (200 kB gzip) about 2 kB.
 */
const LIST_ROUTE_MODULES = [
  /apps[\\/]web[\\/]src[\\/]features[\\/]payouts[\\/](payoutListParams|datePresets|PayoutsFilters|PayoutsTable|usePayouts|PayoutsPage|payoutQueryKeys|isFinalStatus)\./,
  /apps[\\/]web[\\/]src[\\/]components[\\/](visuallyHidden|recipientName|Placeholder|formatMoney|payoutStatusStyles|StatusChip|regionName|OutlinedField|DebouncedTextField|MenuFilter|TestBadge|currencyName|formatDateTime)\./,
  /apps[\\/]web[\\/]src[\\/]features[\\/](session[\\/]permissions|providers[\\/]useCorridors)\./,
  /packages[\\/]contracts[\\/]src[\\/](types|currencies|money)\./,
  /@mui[\\/]icons-material[\\/](esm[\\/])?(Download|WarningAmber|Autorenew|Block|Cancel|CheckCircle|CloudUpload|Help|HourglassTop|Schedule|VerifiedUser|ArrowDropDown|Check|Add)\./,
  /@mui[\\/]material[\\/](TableContainer|TableSortLabel|Table|TableBody|TableCell|TableHead|TableRow)[\\/]/,
  /@mui[\\/]material[\\/]internal[\\/]svg-icons[\\/]ArrowDownward\./,
];

/**
 * The approval-policy engine (contracts' `approvalPolicy/`, on the approval policies page) compares
 * amounts exactly with `compareAmounts`, which needs big.js. `money.ts` is in the list's chunk
 * (for `formatAmount`), so one use of `compareAmounts` anywhere would ship big.js (~3.4 kB gzip)
 * to the list. The engine gets its own copy of `money.ts` instead, in the policy page's chunk.
 * Remove once `compareAmounts` no longer needs big.js or lives in its own module.
 */
const POLICY_ENGINE_COPY = '?policy-engine';
function policyEngineOwnMoneyModule(): Plugin {
  return {
    name: 'payouts:policy-engine-own-money-module',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer, options) {
      if (
        !importer ||
        !/packages[\\/]contracts[\\/]src[\\/]approvalPolicy[\\/]/.test(importer) ||
        !/^\.\.\/money(\.js)?$/.test(source)
      ) {
        return null;
      }
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}${POLICY_ENGINE_COPY}` };
    },
  };
}

/**
 * The SPA. Workspace packages resolve to their TypeScript sources (the `source` condition,
 * docs/decisions/001). In development `/api` goes to the BFF on :3000, so cookies stay
 * same-origin exactly as in production, where the BFF serves `dist/`.
 */
export default defineConfig({
  plugins: [react(), policyEngineOwnMoneyModule()],
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
            {
              name: 'payoutsList',
              test: (id) =>
                !id.endsWith(POLICY_ENGINE_COPY) && LIST_ROUTE_MODULES.some((re) => re.test(id)),
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
