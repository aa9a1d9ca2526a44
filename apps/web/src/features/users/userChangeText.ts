import { ROLE_TITLES, type UserChangeDto } from '@payouts/contracts';

/** A privileged account change in words, as the Users page and its notices say it. */
export function userChangeText(change: UserChangeDto): string {
  const role = change.role ? ROLE_TITLES[change.role] : '';
  switch (change.kind) {
    case 'create':
      return `New ${role} account for ${change.name ?? change.email} (${change.email})`;
    case 'role':
      return `${change.email}: role ${change.from_role ? ROLE_TITLES[change.from_role] : '?'} → ${role}`;
    case 'enable':
      return `${change.email}: enable again`;
    case 'password_reset':
      return `${change.email}: new password`;
    case 'factor_reset':
      return `${change.email}: reset second factors`;
  }
}
