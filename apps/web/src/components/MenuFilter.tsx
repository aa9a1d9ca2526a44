import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';

// The menu (MUI's Menu, Popover and Modal) loads when first opened: the button is all a page
// shows until then, and pages are on a budget (apps/web/budgets.json).
const MenuFilterMenu = lazy(() =>
  import('./MenuFilterMenu.js').then((m) => ({ default: m.MenuFilterMenu })),
);

export interface MenuFilterOption {
  value: string;
  label: string;
  /** Shown under the label in the menu only (a count, a reason), not on the button. */
  hint?: string;
}

interface CommonProps {
  label: string;
  options: readonly MenuFilterOption[];
  /** What the button says when nothing is chosen. */
  anyLabel: string;
}

export type MenuFilterProps = CommonProps &
  (
    | { multiple: true; value: readonly string[]; onChange: (value: string[]) => void }
    | { multiple?: false; value: string; onChange: (value: string) => void }
  );

/**
 * A filter as a button that opens a menu: "Status: Pending, Approved ▾". Single choice uses
 * radio-like items and closes; multiple choice uses checkable items and stays open.
 */
export function MenuFilter(props: MenuFilterProps) {
  const { label, options, anyLabel } = props;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const chosen: readonly string[] = props.multiple
    ? props.value
    : props.value === ''
      ? []
      : [props.value];
  const summary =
    chosen.length === 0
      ? anyLabel
      : chosen.length <= 2
        ? chosen.map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ')
        : `${chosen.length} chosen`;

  // Two quick picks can land before the URL (and so `value`) re-renders: build on the last
  // choice made here, not on a stale prop.
  const latest = useRef<readonly string[]>(props.multiple ? props.value : []);
  useEffect(() => {
    if (props.multiple) latest.current = props.value;
  }, [props.multiple, props.value]);

  const choose = (value: string): void => {
    if (props.multiple) {
      const current = latest.current;
      const picked = current.includes(value)
        ? current.filter((v) => v !== value)
        : [...current, value];
      const next = options.map((o) => o.value).filter((v) => picked.includes(v));
      latest.current = next;
      props.onChange(next);
    } else {
      props.onChange(value);
      setAnchor(null);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        color={chosen.length > 0 ? 'primary' : 'inherit'}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ textTransform: 'none', height: 40 }}
      >
        {label}: {summary}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <MenuFilterMenu
            id={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            multiple={props.multiple === true}
            anyLabel={anyLabel}
            options={options}
            chosen={chosen}
            onChoose={choose}
          />
        </Suspense>
      ) : null}
    </>
  );
}
