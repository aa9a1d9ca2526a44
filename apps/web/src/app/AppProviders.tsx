import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiProvider } from '../api/ApiContext.js';
import type { Api } from '../api/createApi.js';
import { createAppTheme } from './theme/createAppTheme.js';

/** Theme, data cache and API, around the router (and around components under test). */
export function AppProviders({
  api,
  queryClient,
  theme: givenTheme,
  children,
}: {
  api: Api;
  queryClient: QueryClient;
  /** Tests pass a theme without animations. */
  theme?: Theme;
  children: ReactNode;
}) {
  const [theme] = useState(() => givenTheme ?? createAppTheme());
  return (
    <ThemeProvider theme={theme} defaultMode="system" modeStorageKey="payouts-theme-mode">
      <CssBaseline enableColorScheme />
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api}>{children}</ApiProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
