// @vitest-environment node
import { PERMISSION_NAMES, PERMISSIONS, ROLES, type Role } from '@payouts/contracts';
import { describe, expect, it } from 'vitest';
import { currentSectionPath } from './currentSectionPath.js';
import { SECTIONS, sectionsFor } from './sections.js';

describe('sections', () => {
  it('names a permission of the table for every section', () => {
    for (const section of SECTIONS)
      expect(PERMISSION_NAMES, section.label).toContain(section.permission);
  });

  it.each(ROLES)('gives %s exactly the sections whose permission the table grants it', (role) => {
    const granted = SECTIONS.filter((s) =>
      (PERMISSIONS[s.permission] as readonly Role[]).includes(role),
    );
    expect(sectionsFor(role)).toEqual(granted);
  });

  it('keeps the menu as the product describes it', () => {
    const labels = (role: Role) => sectionsFor(role).map((s) => s.label);
    expect(labels('finance')).toEqual([
      'Overview',
      'Payouts',
      'Approvals',
      'Batches',
      'Beneficiaries',
      'Approval policies',
    ]);
    expect(labels('support')).toEqual([
      'Overview',
      'Payouts',
      'Batches',
      'Beneficiaries',
      'Providers',
      'Approval policies',
    ]);
    expect(labels('admin')).toEqual([
      'Overview',
      'Payouts',
      'Approvals',
      'Batches',
      'Beneficiaries',
      'Providers',
      'Payout lab',
      'Deposit console',
      'Users',
      'Audit log',
      'Approval policies',
    ]);
  });

  it('marks the most specific section of a path', () => {
    const admin = sectionsFor('admin');
    expect(currentSectionPath(admin, '/lab/deposits')).toBe('/lab/deposits');
    expect(currentSectionPath(admin, '/lab')).toBe('/lab');
    expect(currentSectionPath(admin, '/payouts/p_1')).toBe('/payouts');
    expect(currentSectionPath(admin, '/laboratory')).toBeUndefined();
    // The home page is its own section, not the parent of every path.
    expect(currentSectionPath(admin, '/')).toBe('/');
    expect(currentSectionPath(admin, '/audit')).toBe('/audit');
    expect(currentSectionPath(admin, '/beneficiaries/b_1')).toBe('/beneficiaries');
  });
});
