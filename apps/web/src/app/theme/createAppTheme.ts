import { createTheme, type Theme } from '@mui/material/styles';

/**
 * Light and dark palettes as CSS variables, switched by a class on <html>: a mode change
 * repaints without re-rendering React, and MUI remembers the choice in localStorage.
 */
export function createAppTheme(
  options: {
    /** Tests turn every animation off: they only cost time in a DOM without a screen. */
    animations?: boolean;
    /**
     * The system asks for reduced motion (`prefers-reduced-motion: reduce`, WCAG 2.3.3): dialogs,
     * menus and panels appear without sliding or fading, and a click makes no ripple. The ripple
     * that marks keyboard focus stays: it is the focus indicator. Spinners and indeterminate
     * progress bars stand still: a three-quarter ring, a bar at the start of its track (the
     * progress bar's role and label still say that something is loading).
     */
    reducedMotion?: boolean;
  } = {},
): Theme {
  const animations = options.animations ?? true;
  const still = !animations || options.reducedMotion === true;
  return createTheme({
    ...(!still
      ? {}
      : {
          transitions: {
            create: () => 'none',
            duration: {
              shortest: 0,
              shorter: 0,
              short: 0,
              standard: 0,
              complex: 0,
              enteringScreen: 0,
              leavingScreen: 0,
            },
          },
        }),
    cssVariables: { colorSchemeSelector: 'class' },
    colorSchemes: {
      light: { palette: { primary: { main: '#1f5fa8' }, background: { default: '#f6f7f9' } } },
      dark: { palette: { primary: { main: '#8ab8f0' } } },
    },
    shape: { borderRadius: 8 },
    components: {
      ...(animations
        ? still
          ? { MuiButtonBase: { defaultProps: { disableTouchRipple: true } } }
          : {}
        : { MuiButtonBase: { defaultProps: { disableRipple: true } } }),
      ...(still
        ? {
            MuiCircularProgress: {
              styleOverrides: {
                indeterminate: {
                  animation: 'none',
                  '& .MuiCircularProgress-circle': {
                    animation: 'none',
                    strokeDasharray: '95px, 200px',
                    strokeDashoffset: 0,
                  },
                },
              },
            },
            MuiLinearProgress: {
              styleOverrides: {
                indeterminate: {
                  '& .MuiLinearProgress-bar1': { animation: 'none', left: 0, right: '60%' },
                  '& .MuiLinearProgress-bar2': { display: 'none' },
                },
              },
            },
          }
        : {}),
      MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      // Keyboard focus on a button is a ring in the text colour, off the button, so it shows on a
      // contained button's fill as on the page (WCAG 2.4.7; 1.4.11 wants 3:1 against the page).
      MuiButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': {
              outline: `2px solid ${(theme.vars ?? theme).palette.text.primary}`,
              outlineOffset: 2,
            },
          }),
        },
      },
      // A hint under a disabled field says what to do first: it must stay readable (WCAG 4.5:1),
      // unlike the disabled control itself.
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-disabled:not(.Mui-error)': {
              color: (theme.vars ?? theme).palette.text.secondary,
            },
          }),
        },
      },
    },
  });
}
