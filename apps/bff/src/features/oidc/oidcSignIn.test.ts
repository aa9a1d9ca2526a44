import { describe, expect, it } from 'vitest';
import type { OidcSettings } from '../../config.js';
import { mapRole, safeReturnTo } from './oidcSignIn.js';

describe('safeReturnTo', () => {
  it.each([
    ['/payouts', '/payouts'],
    ['/payouts?status=failed#top', '/payouts?status=failed#top'],
    ['/a/../b', '/b'],
  ])('keeps the same-origin path %s', (input, output) => {
    expect(safeReturnTo(input)).toBe(output);
  });

  it.each([
    undefined,
    '',
    'payouts',
    '//evil.example/x',
    '/\\evil.example',
    '/\\/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    '/api/session',
    '/' + 'a'.repeat(2001),
    // Normalised to `//evil.example`: a protocol-relative URL to another host.
    '/..//evil.example',
    '/a/..//evil.example/x',
    '/%2e%2e//evil.example',
    '/./\\evil.example',
    '/../api/session',
  ])('sends %j to /', (input) => {
    expect(safeReturnTo(input)).toBe('/');
  });
});

describe('mapRole', () => {
  const settings = {
    roleMap: [
      { group: 'payouts-admin', role: 'admin' },
      { group: 'payouts-finance', role: 'finance' },
    ],
  } as OidcSettings;

  it('takes the first mapping the user has a group of, in OIDC_ROLE_MAP order', () => {
    expect(mapRole(settings, ['payouts-finance', 'payouts-admin'])).toBe('admin');
    expect(mapRole(settings, ['x', 'payouts-finance'])).toBe('finance');
    expect(mapRole(settings, 'payouts-finance')).toBe('finance');
  });

  it('maps nothing else', () => {
    expect(mapRole(settings, ['PAYOUTS-ADMIN'])).toBeUndefined();
    expect(mapRole(settings, undefined)).toBeUndefined();
    expect(mapRole(settings, [{ group: 'payouts-admin' }])).toBeUndefined();
    expect(mapRole(settings, [])).toBeUndefined();
  });
});
