import PaymentsIcon from '@mui/icons-material/Payments';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { Role } from '../features/session/roles.js';

export interface Section {
  label: string;
  path: string;
  Icon: ComponentType<SvgIconProps>;
  roles: readonly Role[];
}

/**
 * The top-left menu, one line per section with the roles that may open it. Providers, Lab,
 * Users and Audit join here as they are built.
 */
export const SECTIONS: readonly Section[] = [
  {
    label: 'Payouts',
    path: '/payouts',
    Icon: PaymentsIcon,
    roles: ['finance', 'support', 'admin'],
  },
];

export function sectionsFor(role: Role): Section[] {
  return SECTIONS.filter((section) => section.roles.includes(role));
}
