import { act, render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import {
  MemoryRouter,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router';
import type { Api } from '../api/createApi.js';
import { appRoutes, AppRoutes } from '../app/appRoutes.js';
import { AppProviders } from '../app/AppProviders.js';
import { createAppQueryClient } from '../app/createAppQueryClient.js';
import { createAppTheme } from '../app/theme/createAppTheme.js';
import { newTestStyleCache, StyleCacheProvider } from './testStyleCache.js';

// Pages, dialogs and panels are lazy chunks in the browser. Every component module is loaded here
// up front, so a test waits for what a page renders and never for a module (and its libraries,
// such as @mui/x-charts) transformed on a busy worker: a first render that raced such a module
// made checks flaky on a loaded machine.
import.meta.glob(
  [
    '../app/**/*.tsx',
    '../components/**/*.tsx',
    '../features/**/*.tsx',
    '../forms/**/*.tsx',
    '!**/*.test.tsx',
  ],
  { eager: true },
);

const TEST_THEME = createAppTheme({ animations: false });

/** Renders routes (the app's by default) at `path` with the given API, as the browser would. */
export function renderApp({
  api,
  path = '/payouts',
  routes = appRoutes,
}: {
  api: Api;
  path?: string;
  routes?: RouteObject[];
}) {
  const queryClient = createAppQueryClient({ retry: false });
  // What a test uses of the router, as the data router the app had before exposed it: where the
  // app is now (`router.state.location`) and a way to go elsewhere (`router.navigate`).
  let location: Location | undefined;
  let navigate: NavigateFunction | undefined;
  const router = {
    get state() {
      if (!location) throw new Error('the app has not rendered yet');
      return { location };
    },
    async navigate(to: string) {
      if (!navigate) throw new Error('the app has not rendered yet');
      const go = navigate;
      await act(async () => {
        await go(to);
      });
    },
  };
  function LocationSpy() {
    location = useLocation();
    navigate = useNavigate();
    return null;
  }
  // The pointer-events check reads computed styles up the tree on every click, which is slow in
  // jsdom with MUI's style sheets; nothing here relies on pointer-events: none.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <StyleCacheProvider value={newTestStyleCache()}>
      <AppProviders api={api} queryClient={queryClient} theme={TEST_THEME}>
        <MemoryRouter initialEntries={[path]}>
          <LocationSpy />
          <AppRoutes routes={routes} />
        </MemoryRouter>
      </AppProviders>
    </StyleCacheProvider>,
  );
  return { ...view, router, queryClient, user };
}
