import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import { lazy, Suspense, useId, useState } from 'react';
import { THEME_MODES } from './themeModes.js';

// Loaded on the first click: the frame is in every page's bundle (apps/web/budgets.json).
const ThemeModeMenuList = lazy(() =>
  import('./ThemeModeMenuList.js').then((m) => ({ default: m.ThemeModeMenuList })),
);

/** Light, dark or the system's choice; MUI stores it in localStorage (`mui-mode`). */
export function ThemeModeMenu() {
  const { mode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const current = THEME_MODES.find((m) => m.mode === (mode ?? 'system')) ?? THEME_MODES[0];
  const CurrentIcon = current.Icon;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Colour theme: ${current.label}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
      >
        <CurrentIcon />
      </IconButton>
      {used ? (
        <Suspense fallback={null}>
          <ThemeModeMenuList
            id={menuId}
            anchor={anchor}
            current={current.mode}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
