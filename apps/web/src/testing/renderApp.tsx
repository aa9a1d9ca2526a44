import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { Api } from '../api/createApi.js';
import { appRoutes } from '../app/appRoutes.js';
import { AppProviders } from '../app/AppProviders.js';
import { createAppQueryClient } from '../app/createAppQueryClient.js';
import { createAppTheme } from '../app/theme/createAppTheme.js';

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
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The pointer-events check reads computed styles up the tree on every click, which is slow in
  // jsdom with MUI's style sheets; nothing here relies on pointer-events: none.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <AppProviders api={api} queryClient={queryClient} theme={TEST_THEME}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
