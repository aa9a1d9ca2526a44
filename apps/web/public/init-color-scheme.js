/* global window, document */
// Runs before the app: puts the saved (or system) colour scheme on <html> so a dark-mode user
// does not see a white page while the app loads. An external file, because the CSP forbids
// inline scripts. The key and classes are the ones MUI's theme provider reads and writes
// (AppProviders: modeStorageKey "payouts-theme-mode", colorSchemeSelector "class").
(function () {
  var mode = 'system';
  try {
    mode = window.localStorage.getItem('payouts-theme-mode') || 'system';
  } catch (e) {
    // No storage (a locked-down browser): the system's scheme.
  }
  try {
    if (mode !== 'light' && mode !== 'dark') {
      mode = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
  } catch (e) {
    mode = 'light';
  }
  // Always a class: the sign-in page's plain CSS (decision 033) reads it as MUI's theme does.
  var root = document.documentElement;
  root.classList.add(mode);
  root.style.colorScheme = mode;
  if (mode === 'dark') root.style.backgroundColor = '#121212';
})();
