import { afterEach, describe, expect, it } from 'vitest';

// setupTests.ts has installed the cache on this window.
describe('the cached getComputedStyle of the web tests', () => {
  afterEach(() => {
    document.head.querySelectorAll('style[data-test]').forEach((style) => style.remove());
    document.body.replaceChildren();
  });

  function element(): HTMLElement {
    const div = document.createElement('div');
    div.className = 'box';
    document.body.append(div);
    return div;
  }

  it('answers the same element twice from the cache while the document stays the same', () => {
    const div = element();
    expect(getComputedStyle(div)).toBe(getComputedStyle(div));
  });

  it('sees a changed attribute, a new CSS rule and an edited rule at once', () => {
    const div = element();
    expect(getComputedStyle(div).display).toBe('block');
    div.style.display = 'none';
    expect(getComputedStyle(div).display).toBe('none');
    div.removeAttribute('style');
    const style = document.createElement('style');
    style.dataset.test = '';
    style.textContent = '.box { visibility: hidden; }';
    document.head.append(style);
    expect(getComputedStyle(div).visibility).toBe('hidden');
    style.firstChild!.nodeValue = '.box { visibility: collapse; }';
    expect(getComputedStyle(div).visibility).toBe('collapse');
  });
});
