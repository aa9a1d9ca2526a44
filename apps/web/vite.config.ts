import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin, type Rolldown } from 'vite';
import { FRAME_MODULE, PAGE_MODULES, PUBLIC_PATHS } from './src/app/pageModules.js';

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
 * React Router publishes a production build beside the development one its package exports name
 * (the same code without its development-only checks and warnings): the build uses it, as React
 * Router's own Vite plugin does. About 0.5 kB gzip on every route.
 */
function reactRouterProduction(): Plugin {
  const production = fileURLToPath(
    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
  );
  return {
    name: 'payouts:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? production : undefined;
    },
  };
}

/** What `dist/route-preloads.json` holds: the BFF reads it (apps/bff/src/http/spaStatic.ts). */
interface RoutePreloads {
  routes: { path: string; files: string[] }[];
}

/**
 * Writes `dist/route-preloads.json`: for each page path of src/app/pageModules.ts, every chunk
 * that page needs beyond those index.html already loads (the entry's static imports), the
 * signed-in frame's included. The BFF lists them in index.html as modulepreload links.
 */
function routePreloads(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'payouts:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is Rolldown.OutputChunk => output.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(chunks.map((chunk) => [chunk.facadeModuleId, chunk]));
      /** A chunk and everything it imports statically, in load order. */
      const withImports = (chunk: Rolldown.OutputChunk, seen = new Set<string>()): string[] => {
        if (seen.has(chunk.fileName)) return [];
        seen.add(chunk.fileName);
        const imported = chunk.imports.flatMap((file) => {
          const dep = byFile.get(file);
          return dep ? withImports(dep, seen) : [];
        });
        return [...imported, chunk.fileName];
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route preloads: the build has no entry chunk');
      const inHtml = new Set(withImports(entry));
      const filesOf = (module: string): string[] => {
        const chunk = byModule.get(`${root}${module}`);
        if (!chunk) this.error(`route preloads: ${module} is not the start of a chunk`);
        return withImports(chunk).filter((file) => !inHtml.has(file));
      };
      const frame = filesOf(FRAME_MODULE);
      const preloads: RoutePreloads = {
        routes: Object.entries(PAGE_MODULES).map(([path, module]) => ({
          path,
          files: [...new Set([...(PUBLIC_PATHS.includes(path) ? [] : frame), ...filesOf(module)])],
        })),
      };
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(preloads, null, 2)}\n`,
      });
    },
  };
}

/**
 * The libraries every page needs before it can render anything, sign-in included: React and its
 * DOM renderer, the router and the data cache. Not emotion: the sign-in page renders without MUI
 * (docs/decisions/033), so MUI's style engine goes with MUI.
 */
const FRAMEWORK_MODULES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

/**
 * MUI's components, its style system and icons, and what only they use: its style engine
 * (emotion, stylis) and the small libraries emotion and MUI import (react-is,
 * hoist-non-react-statics, clsx, Babel's helpers).
 */
const MUI_MODULES =
  /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|icons-material|styled-engine|private-theming)|@emotion[\\/][^\\/]+|stylis|react-is|hoist-non-react-statics|clsx|@babel[\\/]runtime)[\\/]/;

/**
 * The app's MUI root (src/app/theme/MuiRoot.tsx: the theme, its provider and CssBaseline). The
 * frame renders it, and so do the screens shown outside the frame (the second-factor gate, the
 * step-up dialog): it goes with the MUI modules of the signed-in screens rather than into a
 * chunk of its own (one more file for every signed-in route).
 */
const MUI_ROOT_MODULES =
  /[\\/]apps[\\/]web[\\/]src[\\/]app[\\/]theme[\\/](MuiRoot|createAppTheme)\.tsx?$/;

/** The app's own modules (not the contracts: their barrel reaches much no first screen uses). */
const APP_MODULES = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/** The app's shared components (the pager, fields, chips): no page of their own. */
const SHARED_COMPONENTS = /[\\/]apps[\\/]web[\\/]src[\\/]components[\\/]/;

/**
 * MUI modules the graph reaches only through MUI's barrels (`@mui/material/styles`,
 * `@mui/system`): no first screen of sign-in, the frame, the list or the detail renders them, so
 * the route-aware groups leave them to the pages that do (the overview's and the batch pages'
 * grid, the list's media query).
 */
const NOT_FIRST_SCREEN =
  /[\\/]@mui[\\/](system[\\/](Grid|useMediaQuery)|material[\\/](styles[\\/]enhanceHighContrast|Grid|PigmentGrid))[\\/.]/;

/** The first screens with a budget of their own, as their modules' paths. */
const BUDGETED = {
  entry: 'src/main.tsx',
  signIn: PAGE_MODULES['/sign-in'],
  frame: FRAME_MODULE,
  list: PAGE_MODULES['/payouts'],
  detail: PAGE_MODULES['/payouts/:id'],
} as const;

/**
 * For each of BUDGETED, the modules it imports statically, itself excluded (a page must stay the
 * start of its own chunk: route-preloads.json is keyed by it), the entry included. Walked once
 * per build from the bundler's module graph.
 */
function firstScreenModules() {
  const root = fileURLToPath(new URL('.', import.meta.url));
  let graph: Rolldown.ChunkingContext | undefined;
  let sets = new Map<keyof typeof BUDGETED, Set<string>>();
  const walk = (ctx: Rolldown.ChunkingContext, module: string, keepRoot: boolean): Set<string> => {
    const start = `${root}${module}`;
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    if (!keepRoot) seen.delete(start);
    return seen;
  };
  return (ctx: Rolldown.ChunkingContext, screen: keyof typeof BUDGETED): Set<string> => {
    if (ctx !== graph) {
      graph = ctx;
      sets = new Map();
    }
    let set = sets.get(screen);
    if (!set) {
      const module = BUDGETED[screen];
      if (!module) throw new Error(`vite.config: no page module for ${screen}`);
      set = walk(ctx, module, screen === 'entry');
      sets.set(screen, set);
    }
    return set;
  };
}

const firstScreen = firstScreenModules();
const signedInScreens = ['frame', 'list', 'detail'] as const;

/**
 * A module of the list's first screen that a module outside it imports too: left alone, the
 * bundler makes each such module (the pager, the debounced field) a chunk of its own, a request
 * on the list's critical path for a few hundred bytes.
 */
function sharedBeyondList(ctx: Rolldown.ChunkingContext, id: string): boolean {
  const list = firstScreen(ctx, 'list');
  if (!list.has(id)) return false;
  return (ctx.getModuleInfo(id)?.importers ?? []).some(
    (importer) => !list.has(importer) && !(BUDGETED.list && importer.endsWith(BUDGETED.list)),
  );
}

/**
 * The SPA. Workspace packages resolve to their TypeScript sources (the `source` condition,
 * docs/decisions/001). In development `/api` goes to the BFF on :3000, so cookies stay
 * same-origin exactly as in production, where the BFF serves `dist/`.
 */
export default defineConfig({
  plugins: [react(), rjsfStubs(), reactRouterProduction(), routePreloads()],
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
        // How the build is cut (measured with `npm run bench -- pageWeight`):
        // - the entry (index.html's script) holds the app's routing, providers and API client,
        //   and no MUI: every page is a lazy chunk, and so is the signed-in frame
        //   (src/app/AppShell.tsx, loaded by RequireSession while the session is checked), which
        //   renders MUI's root (theme, CssBaseline) and brings what the routes render with MUI
        //   (not-found, the section refusal); the sign-in page is plain HTML and CSS, so it never
        //   downloads MUI, emotion, the header, its menus or the notification bell
        //   (docs/decisions/033);
        // - `framework`: the libraries of FRAMEWORK_MODULES, all of them, in one chunk;
        // - MUI and the app's own modules are cut by the first screens' budgets (sign-in
        //   <= 120 kB, list <= 150, detail <= 180), from the module graph (`firstScreen`):
        //   `core`: what the entry imports statically, and what the sign-in page does that the
        //   frame, the list or the detail use too (every route downloads it);
        //   what only the sign-in page uses stays in its own chunk (a `signIn` group held the
        //   MUI modules only sign-in used; without MUI there, it held only the page's CSS, a
        //   chunk with no script that route-preloads.json then named);
        //   `signedIn`: the MUI modules (emotion included) of the frame, the list or the detail,
        //   the app's MUI root, and the app's modules two of them share (every signed-in route
        //   downloads it);
        //   with these three (`signIn` included), sign-in went from 182.6 to 163.3 kB, the list
        //   from 193.1 to 177.6, the detail from 193.7 to 176.3 (2026-11-26); most other routes
        //   got 6-11 kB heavier (three chunk boundaries where there was one, and the list's and
        //   detail's MUI they do not all use), which fits under 250 kB only because the new-batch
        //   page and the deposit console load the field rules (libphonenumber) after their first
        //   screen;
        //   with the sign-in page without MUI and MUI out of the entry, sign-in went from 163.4
        //   to 103.5 kB, and every other route got 1-4 kB lighter (docs/decisions/033);
        // - `mui`: the other MUI modules that 12 or more of the ~40 lazy chunks and the entry
        //   share, in one chunk. Left to itself the bundler cuts them into dozens of small chunks
        //   by which pages share them, and each boundary costs compression (before the cut
        //   above: a share count of 30 made every route 5-8 kB heavier, 8 made most routes 1-4 kB
        //   heavier);
        // - everything else (a page's own modules, the charts, the form engine, the batch grid's
        //   virtualizer) follows the pages that import it.
        // The former `payoutsList` group (the list's shared modules in one chunk) is gone: it
        // saved the list 3 kB but cost most other pages 2-6 kB (new batch went over 250 kB).
        codeSplitting: {
          // Only the listed modules: a group does not pull in what they import.
          includeDependenciesRecursively: false,
          groups: [
            // Not a copy nested under another package (@rjsf/utils has its own react-is).
            {
              name: 'framework',
              test: (id) => FRAMEWORK_MODULES.test(id) && !/node_modules.*node_modules/.test(id),
            },
            // `core`, as above. A module of the entry is `core` even where a page
            // imports it too: index.html loads it anyway.
            {
              name: (id, ctx) => {
                if (!MUI_MODULES.test(id) && !APP_MODULES.test(id)) return null;
                if (NOT_FIRST_SCREEN.test(id)) return null;
                if (firstScreen(ctx, 'entry').has(id)) return 'core';
                if (!firstScreen(ctx, 'signIn').has(id)) return null;
                return signedInScreens.some((screen) => firstScreen(ctx, screen).has(id))
                  ? 'core'
                  : null;
              },
              debugName: 'core',
            },
            // `signedIn`, as above. An app module only one of the three uses stays with it: the
            // others would download it for nothing.
            {
              name: (id, ctx) => {
                const mui = MUI_MODULES.test(id) || MUI_ROOT_MODULES.test(id);
                if (!mui && !APP_MODULES.test(id)) return null;
                const users = signedInScreens.filter((screen) =>
                  firstScreen(ctx, screen).has(id),
                ).length;
                if (users >= (mui ? 1 : 2)) return 'signedIn';
                // The list's shared small modules: a few kB for every signed-in route, six
                // requests fewer on the list's critical path (LCP on a slow link).
                return SHARED_COMPONENTS.test(id) && sharedBeyondList(ctx, id) ? 'signedIn' : null;
              },
              debugName: 'signedIn',
            },
            { name: 'mui', test: (id) => MUI_MODULES.test(id), minShareCount: 12 },
            // Every icon two or more chunks use, in one chunk: they were a dozen requests of
            // 100-600 bytes each, and the page weight does not change (LCP).
            { name: 'icons', test: /[\\/]@mui[\\/]icons-material[\\/]/, minShareCount: 2 },
            // The app's small modules that ten or more chunks share (money, formats, the status
            // chip, fields): with the icons, the list went from 37 requests to 23 at 2 kB less;
            // sign-in got 2 kB heavier. A share count of 5 or 6 made pages heavier again.
            {
              name: 'common',
              test: (id) => !/[\\/]node_modules[\\/]/.test(id),
              minShareCount: 10,
              maxModuleSize: 20_000,
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
