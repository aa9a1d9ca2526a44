import { can, type Permission, type Role } from '@payouts/contracts';

/** Which icon a section shows; the icons themselves load with the (lazy) menu drawer. */
export type SectionIcon =
  | 'overview'
  | 'payouts'
  | 'approvals'
  | 'beneficiaries'
  | 'providers'
  | 'lab'
  | 'deposits'
  | 'users'
  | 'audit'
  | 'policies'
  | 'batches';

export interface Section {
  label: string;
  path: string;
  icon: SectionIcon;
  /** What the section's page does first; the BFF guards its API with the same permission. */
  permission: Permission;
}

/**
 * The top-left menu, one line per section with the permission it needs. Who holds it comes from
 * the one permission table (`@payouts/contracts`) the BFF enforces, so the menu cannot offer a
 * section the API would refuse.
 */
export const SECTIONS: readonly Section[] = [
  { label: 'Overview', path: '/', icon: 'overview', permission: 'payouts:read' },
  { label: 'Payouts', path: '/payouts', icon: 'payouts', permission: 'payouts:read' },
  { label: 'Approvals', path: '/approvals', icon: 'approvals', permission: 'payouts:approve' },
  { label: 'Batches', path: '/batches', icon: 'batches', permission: 'batches:read' },
  {
    label: 'Beneficiaries',
    path: '/beneficiaries',
    icon: 'beneficiaries',
    permission: 'beneficiaries:read',
  },
  { label: 'Providers', path: '/providers', icon: 'providers', permission: 'providers:matrix' },
  { label: 'Payout lab', path: '/lab', icon: 'lab', permission: 'lab:use' },
  { label: 'Deposit console', path: '/lab/deposits', icon: 'deposits', permission: 'lab:use' },
  { label: 'Users', path: '/users', icon: 'users', permission: 'users:manage' },
  { label: 'Audit log', path: '/audit', icon: 'audit', permission: 'audit:read' },
  {
    label: 'Approval policies',
    path: '/approval-policies',
    icon: 'policies',
    permission: 'approval-policies:read',
  },
];

export function sectionsFor(role: Role): Section[] {
  return SECTIONS.filter((section) => can(role, section.permission));
}
