import { describe, expect, it } from 'vitest';
import {
  can,
  isRole,
  PERMISSION_NAMES,
  PERMISSIONS,
  ROLE_TITLES,
  ROLES,
  rolesFor,
} from './permissions.js';

describe('the permission table', () => {
  it('names only known roles, each once, in every permission', () => {
    for (const permission of PERMISSION_NAMES) {
      const roles = PERMISSIONS[permission] as readonly string[];
      expect(roles.length, permission).toBeGreaterThan(0);
      for (const role of roles) expect(ROLES, `${permission}: ${role}`).toContain(role);
      expect(new Set(roles).size, permission).toBe(roles.length);
    }
  });

  it('gives every role a title and lets every role read its own session', () => {
    expect(Object.keys(ROLE_TITLES).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) expect(can(role, 'session:read'), role).toBe(true);
  });

  it('keeps user management and the audit log to admins, and payout creation from support', () => {
    expect(rolesFor('users:manage')).toEqual(['admin']);
    expect(rolesFor('audit:read')).toEqual(['admin']);
    expect(can('support', 'payouts:create')).toBe(false);
    expect(can('support', 'payouts:approve')).toBe(false);
    expect(can('finance', 'payouts:approve')).toBe(true);
  });

  it('allows nothing without a role, and knows a role only by its exact name', () => {
    for (const permission of PERMISSION_NAMES) expect(can(undefined, permission)).toBe(false);
    expect(isRole('admin')).toBe(true);
    expect(isRole('Admin')).toBe(false);
    expect(isRole('toString')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
