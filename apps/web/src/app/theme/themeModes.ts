import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';

/** The colour themes one can pick, with the icon the button shows for each. */
export const THEME_MODES = [
  { mode: 'system', label: 'Same as the system', Icon: BrightnessAutoIcon },
  { mode: 'light', label: 'Light', Icon: LightModeIcon },
  { mode: 'dark', label: 'Dark', Icon: DarkModeIcon },
] as const;

export type ThemeMode = (typeof THEME_MODES)[number]['mode'];
