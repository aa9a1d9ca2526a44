/**
 * Testing Library's role and name queries ask for the style of every element they walk, again
 * and again between two renders. jsdom keeps each element's cascade until the DOM changes, but
 * builds a new CSSStyleDeclaration for every call, parsing each property again: a quarter of the
 * web tests' time went there. This keeps each answer until the document changes, as jsdom's own
 * cache does: a change is any mutation of the DOM (emotion adds its rules as text in <style>
 * elements, so new rules are mutations too), taken synchronously with `takeRecords()` before
 * every answer, so no style older than jsdom's own is returned.
 */
const CACHED = Symbol('cached computed style');

export function cacheComputedStyle(window: Window & typeof globalThis): void {
  // Setup files run once per test file, in one window per worker (`isolate: false`).
  if (CACHED in window) return;
  Object.defineProperty(window, CACHED, { value: true });
  const compute = window.getComputedStyle.bind(window);
  let cache = new WeakMap<Element, Map<string, CSSStyleDeclaration>>();
  const forget = () => {
    cache = new WeakMap();
  };
  const observer = new window.MutationObserver(forget);
  observer.observe(window.document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  const cached = (element: Element, pseudo?: string | null) => {
    if (observer.takeRecords().length > 0) forget();
    const key = pseudo ?? '';
    let byPseudo = cache.get(element);
    if (!byPseudo) cache.set(element, (byPseudo = new Map()));
    let style = byPseudo.get(key);
    if (!style) byPseudo.set(key, (style = compute(element, pseudo)));
    return style;
  };
  window.getComputedStyle = cached;
}
