import type { Theme } from '@mui/material/styles';
import { createContext } from 'react';

/**
 * The theme AppProviders was given (tests pass one without animations), for `MuiRoot`. The app
 * root does not render MUI (the sign-in page has none, docs/decisions/033), so it carries the
 * theme to where MUI is rendered; undefined: the app's own theme.
 */
export const GivenThemeContext = createContext<Theme | undefined>(undefined);
