import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { MenuFilterOption } from './MenuFilter.js';

/** MenuFilter's menu: "any" and the options, checkable (multiple) or radio-like (single). */
export function MenuFilterMenu({
  id,
  anchor,
  onClose,
  multiple,
  anyLabel,
  options,
  chosen,
  onChoose,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  multiple: boolean;
  anyLabel: string;
  options: readonly MenuFilterOption[];
  chosen: readonly string[];
  onChoose: (value: string) => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={() => onClose()}>
      {multiple ? null : (
        <MenuItem
          role="menuitemradio"
          aria-checked={chosen.length === 0}
          onClick={() => onChoose('')}
        >
          <ListItemIcon>{chosen.length === 0 ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{anyLabel}</ListItemText>
        </MenuItem>
      )}
      {options.map((option) => {
        const checked = chosen.includes(option.value);
        return (
          <MenuItem
            key={option.value}
            role={multiple ? 'menuitemcheckbox' : 'menuitemradio'}
            aria-checked={checked}
            onClick={() => onChoose(option.value)}
          >
            <ListItemIcon>{checked ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText primary={option.label} secondary={option.hint} />
          </MenuItem>
        );
      })}
    </Menu>
  );
}
