import Box from '@mui/material/Box';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newTestStyleCache, removeTestStyles, StyleCacheProvider } from './testStyleCache.js';

const testStyles = () =>
  [...document.head.querySelectorAll('style[data-emotion="test"]')]
    .map((style) => style.textContent)
    .join('\n');

describe('the tests’ style cache', () => {
  it('keeps what tells whether an element is shown, and nothing else', () => {
    render(
      <StyleCacheProvider value={newTestStyleCache()}>
        <Box sx={{ display: 'none', color: 'red', border: '1px solid' }}>gone</Box>
        <Box sx={{ visibility: 'hidden', '@media (min-width: 600px)': { padding: 2 } }}>hidden</Box>
        <Box sx={{ margin: 1, '&:hover': { opacity: 0.5 } }}>shown</Box>
      </StyleCacheProvider>,
    );
    const css = testStyles();
    expect(css).toContain('display:none');
    expect(css).toContain('visibility:hidden');
    expect(css).toContain(':hover{opacity:0.5;}');
    expect(css).not.toMatch(/color|border|padding|margin|@media/);
    expect(screen.getByText('gone')).not.toBeVisible();
    expect(screen.getByText('hidden')).not.toBeVisible();
    expect(screen.getByText('shown')).toBeVisible();
  });

  it('takes its rules out of the document after the test', () => {
    render(
      <StyleCacheProvider value={newTestStyleCache()}>
        <Box sx={{ display: 'none' }}>gone</Box>
      </StyleCacheProvider>,
    );
    expect(testStyles()).not.toBe('');
    removeTestStyles();
    expect(testStyles()).toBe('');
  });
});
