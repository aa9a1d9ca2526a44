/* global window, document */
// Runs before the app: puts the saved (or system) colour scheme on <html> so a dark-mode user
// does not see a white page while the app loads. An external file, because the CSP forbids
// inline scripts. The key and classes are the ones MUI's theme provider reads and writes
// (AppProviders: modeStorageKey "payouts-theme-mode", colorSchemeSelector "class").
(function () {
  try {
    var mode = window.localStorage.getItem('payouts-theme-mode') || 'system';
    if (mode !== 'light' && mode !== 'dark') {
      mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    var root = document.documentElement;
    root.classList.add(mode);
    root.style.colorScheme = mode;
    if (mode === 'dark') root.style.backgroundColor = '#121212';
  } catch (e) {
    // No storage or no matchMedia: the app picks the scheme when it starts.
  }
})();
