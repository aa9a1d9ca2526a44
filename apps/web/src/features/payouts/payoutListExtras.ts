/**
 * What the list loads on demand, as one chunk: the filter chips (when filters are set), the filter drawer, the column chooser, the views
 * menu (with MUI's menu) and its dialogs, the saved-view logic and the phone's cards. One dynamic entry rather
 * than five: each entry shifts how the bundler splits the shared libraries, and the list's
 * budget paid for every split (see vite.config.ts).
 */
export { FilterChips } from './FilterChips.js';
export { PayoutCards } from './PayoutCards.js';
export { PayoutColumnsDialog } from './PayoutColumnsDialog.js';
export { PayoutViewsMenuPopup } from './PayoutViewsMenuPopup.js';
export { PayoutsFilterPanel } from './PayoutsFilterPanel.js';
export { PayoutViewsDialogs } from '../payoutViews/PayoutViewsMenu.js';
export { applyViewState } from '../payoutViews/viewState.js';
