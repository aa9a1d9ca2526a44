import type { Theme } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { useDisplayPreferences } from '../components/displayPreferences.js';
import { ApiProvider } from '../api/ApiContext.js';
import type { Api } from '../api/createApi.js';
import { GivenThemeContext } from './theme/givenTheme.js';

/**
 * Data cache and API, around the router (and around components under test). MUI's theme is not
 * here: `MuiRoot` provides it where MUI is rendered (the sign-in page has none, and must not
 * download it: docs/decisions/033); a `theme` given here is the one it uses.
 */
export function AppProviders({
  api,
  queryClient,
  theme,
  children,
}: {
  api: Api;
  queryClient: QueryClient;
  /** Tests pass a theme without animations (MuiRoot uses it). */
  theme?: Theme;
  children: ReactNode;
}) {
  return (
    <GivenThemeContext value={theme}>
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api}>
          <FormatsFollowPreferences>{children}</FormatsFollowPreferences>
        </ApiProvider>
      </QueryClientProvider>
    </GivenThemeContext>
  );
}

/**
 * Renders everything again when the user picks another format or time zone: the formatters read
 * the preferences when called, so every amount and time on screen follows at once. The data
 * stays in the query cache and the list's state in the URL.
 */
function FormatsFollowPreferences({ children }: { children: ReactNode }) {
  const { key } = useDisplayPreferences();
  return <Fragment key={key}>{children}</Fragment>;
}
