import Menu from '@mui/material/Menu';
import {
  PayoutViewsMenuItems,
  type PayoutViewsMenuItemsProps,
} from '../payoutViews/PayoutViewsMenu.js';

/**
 * The list's "Views" menu with its items: loaded on its first opening (payoutListExtras.ts), so
 * the list's first screen downloads neither MUI's menu machinery (popover, modal, focus trap) nor
 * the saved-view code.
 */
export function PayoutViewsMenuPopup({
  anchor,
  ...items
}: PayoutViewsMenuItemsProps & { anchor: HTMLElement | null }) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={items.onClose}>
      {anchor ? <PayoutViewsMenuItems {...items} /> : null}
    </Menu>
  );
}
