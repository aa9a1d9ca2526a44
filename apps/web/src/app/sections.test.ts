// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { currentSectionPath, sectionsFor } from './sections.js';

describe('sections', () => {
  it('gives each role the sections the BFF lets it use', () => {
    const labels = (role: 'finance' | 'support' | 'admin') => sectionsFor(role).map((s) => s.label);
    expect(labels('finance')).toEqual(['Payouts']);
    expect(labels('support')).toEqual(['Payouts', 'Providers']);
    expect(labels('admin')).toEqual([
      'Payouts',
      'Providers',
      'Payout lab',
      'Deposit console',
      'Users',
      'Audit log',
    ]);
  });

  it('marks the most specific section of a path', () => {
    const admin = sectionsFor('admin');
    expect(currentSectionPath(admin, '/lab/deposits')).toBe('/lab/deposits');
    expect(currentSectionPath(admin, '/lab')).toBe('/lab');
    expect(currentSectionPath(admin, '/payouts/p_1')).toBe('/payouts');
    expect(currentSectionPath(admin, '/laboratory')).toBeUndefined();
  });
});
