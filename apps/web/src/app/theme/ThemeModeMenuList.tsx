import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import { THEME_MODES, type ThemeMode } from './themeModes.js';

/**
 * The colour theme menu's popup: loaded on the button's first click (ThemeModeMenu), so the
 * signed-in frame, which every page downloads, does not carry MUI's menu machinery.
 */
export function ThemeModeMenuList({
  id,
  anchor,
  current,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  current: ThemeMode;
  onClose: () => void;
}) {
  const { setMode } = useColorScheme();
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {THEME_MODES.map(({ mode: value, label, Icon }) => (
        <MenuItem
          key={value}
          selected={value === current}
          onClick={() => {
            setMode(value);
            onClose();
          }}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
