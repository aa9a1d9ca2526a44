import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { use, type ReactNode } from 'react';
import { createAppTheme } from './createAppTheme.js';
import { GivenThemeContext } from './givenTheme.js';

let appTheme: Theme | undefined;

/**
 * The app's theme, created on first use and kept: once per app, whichever screen asks first. It
 * moves nothing when the system asks for reduced motion.
 */
function theAppTheme(): Theme {
  appTheme ??= createAppTheme({
    reducedMotion: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true,
  });
  return appTheme;
}

/**
 * MUI's theme (light and dark palettes as CSS variables, the mode kept in localStorage) and its
 * baseline styles, around what renders MUI: the signed-in frame (AppShell), the second-factor
 * gate and the step-up dialog. Not around the whole app: the sign-in page renders without MUI
 * and emotion, and must not download them (docs/decisions/033). The theme is AppProviders'
 * `theme` when given (tests), else the app's.
 */
export function MuiRoot({ children }: { children: ReactNode }) {
  const theme = use(GivenThemeContext) ?? theAppTheme();
  return (
    <ThemeProvider theme={theme} defaultMode="system" modeStorageKey="payouts-theme-mode">
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
