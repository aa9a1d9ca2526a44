import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { ThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi } from '../../testing/fakeApi.js';
import { AppProviders } from '../AppProviders.js';
import { createAppQueryClient } from '../createAppQueryClient.js';
import { createAppTheme } from './createAppTheme.js';
import { MuiRoot } from './MuiRoot.js';

const seen: Theme[] = [];
function ThemeProbe() {
  const theme = useTheme();
  seen.push(theme);
  return <p>{theme.shape.borderRadius}</p>;
}

function renderRoot(theme?: Theme) {
  return render(
    <AppProviders api={createFakeApi().api} queryClient={createAppQueryClient()} theme={theme}>
      <MuiRoot>
        <ThemeProbe />
      </MuiRoot>
    </AppProviders>,
  );
}

describe('MuiRoot', () => {
  it('renders with the theme AppProviders was given (tests: no animations)', () => {
    const given = createAppTheme({ animations: false });
    renderRoot(given);
    expect(screen.getByText('8')).toBeInTheDocument();
    expect(seen.at(-1)?.transitions.duration.standard).toBe(0);
  });

  it('moves nothing when the system asks for reduced motion, and keeps the focus ripple', () => {
    const still = createAppTheme({ reducedMotion: true });
    expect(still.transitions.duration.enteringScreen).toBe(0);
    expect(still.transitions.create('opacity')).toBe('none');
    expect(still.components?.MuiButtonBase?.defaultProps).toEqual({ disableTouchRipple: true });
    const moving = createAppTheme();
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(moving.components?.MuiButtonBase).toBeUndefined();
  });

  it('stills spinners and indeterminate bars under reduced motion, and only those', () => {
    // happy-dom computes no animations: read the rules emotion wrote for each element's class.
    const animationOf = (element: Element, nested = ''): string | undefined => {
      const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('');
      const own = [...element.classList].find((c) => c.startsWith('css-'));
      const rules = css.split('}').filter((rule) => rule.includes(`.${own}${nested}{`));
      return rules
        .join(';')
        .match(/animation:([^;]+)/g)
        ?.at(-1)
        ?.slice('animation:'.length);
    };
    const render3 = (theme: Theme) =>
      render(
        <ThemeProvider theme={theme}>
          <CircularProgress aria-label="Loading" />
          <LinearProgress aria-label="Sending" />
          <LinearProgress aria-label="Sent" variant="determinate" value={40} />
        </ThemeProvider>,
      );
    const seen = () => {
      const [spinner, sending, sent] = ['Loading', 'Sending', 'Sent'].map((name) =>
        screen.getByRole('progressbar', { name }),
      );
      return {
        spinner: animationOf(spinner!),
        ring: animationOf(spinner!, ' .MuiCircularProgress-circle'),
        bar: animationOf(sending!, ' .MuiLinearProgress-bar1'),
        sentBar: animationOf(sent!, ' .MuiLinearProgress-bar1'),
      };
    };
    const still = render3(createAppTheme({ reducedMotion: true }));
    expect(seen()).toEqual({ spinner: 'none', ring: 'none', bar: 'none', sentBar: undefined });
    still.unmount();
    render3(createAppTheme());
    expect(seen()).toMatchObject({ spinner: expect.stringMatching(/infinite/), ring: undefined });
  });

  it('creates the app’s theme once, however often it is mounted again', () => {
    renderRoot().unmount();
    const first = seen.at(-1);
    renderRoot();
    expect(first?.transitions.duration.standard).toBeGreaterThan(0);
    expect(seen.at(-1)?.palette.primary.main).toBe(first?.palette.primary.main);
    // The provider derives a theme per mount; its colour schemes are the created theme's own.
    const schemes = (theme: Theme | undefined) =>
      (theme as { colorSchemes?: object } | undefined)?.colorSchemes;
    expect(schemes(first)).toBeDefined();
    expect(schemes(seen.at(-1))).toBe(schemes(first));
  });
});
