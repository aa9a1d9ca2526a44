export { ROLES, type Role } from '@payouts/contracts';
