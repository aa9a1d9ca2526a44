import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApi } from './api/createApi.js';
import { createHttpClient } from './api/createHttpClient.js';
import { AppRoutes } from './app/appRoutes.js';
import { AppProviders } from './app/AppProviders.js';
import { createAppQueryClient } from './app/createAppQueryClient.js';
import { takeEmbeddedSession } from './features/session/embeddedSession.js';
import { SESSION_QUERY_KEY } from './features/session/sessionQueryKey.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createAppQueryClient();
// The session the BFF put in the page: the first screen waits for no session call.
const embeddedSession = takeEmbeddedSession(document);
if (embeddedSession !== undefined) queryClient.setQueryData(SESSION_QUERY_KEY, embeddedSession);
const api = createApi(
  createHttpClient({
    fetch: window.fetch.bind(window),
    // Loaded the first time a call asks for it (from the Security page's chunk), not in the entry.
    onStepUp: () =>
      import('./features/staffSessions/SecurityPage.js').then((m) =>
        m.askForStepUp({ api, queryClient }),
      ),
  }),
);
createRoot(container).render(
  <StrictMode>
    <AppProviders api={api} queryClient={queryClient}>
      {/* Declarative routing (docs/decisions/025): the app uses no loader, action or blocker, and
          the data router's code would weigh on every page. */}
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
