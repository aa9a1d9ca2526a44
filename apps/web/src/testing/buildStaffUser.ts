import type { StaffUserDto } from '@payouts/contracts';

/** A staff account as the Users page lists it: Fiona Finance, enabled, never signed in. */
export function buildStaffUser(overrides: Partial<StaffUserDto> = {}): StaffUserDto {
  return {
    id: 'u_9',
    email: 'fin@example.com',
    name: 'Fiona Finance',
    role: 'finance',
    disabled: false,
    created_at: '2026-11-02T09:00:00.000Z',
    last_sign_in_at: null,
    invitation: null,
    pending_changes: [],
    ...overrides,
  };
}
