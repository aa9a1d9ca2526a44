import type { AuditItem } from '@payouts/contracts';

/** What each action the BFF records is called on the page; others read from their code. */
const ACTION_TITLES: Readonly<Record<string, string>> = {
  'session.sign_in': 'Signed in',
  'session.sign_in_failed': 'Sign-in failed',
  'session.sign_in_refused': 'Sign-in refused',
  'session.sign_out': 'Signed out',
  'session.end': 'Session ended',
  'session.second_factor_verified': 'Second factor verified',
  'session.break_glass_sign_in': 'Break-glass sign-in',
  'factor.enrolled': 'Second factor added',
  'factor.removed': 'Second factor removed',
  'factor.reset': 'Second factors reset',
  'factor.locked': 'Second factor locked',
  'factor.verify_failed': 'Wrong second-factor code',
  'factor.recovery_codes_generated': 'Recovery codes made',
  'payout.create': 'Payout created',
  'payout.approve': 'Payout approved',
  'payout.approve_refused': 'Payout approval refused',
  'payout.reject': 'Payout rejected',
  'payout.cancel': 'Payout cancelled',
  'payout.check_status': 'Payout status checked',
  'payout.resolution.found': 'Payout found at the PSP',
  'payout.mark_failed.proposed': '"Not sent: mark failed" proposed',
  'payout.mark_failed.confirmed': '"Not sent: mark failed" confirmed',
  'payout.mark_failed.refused': '"Not sent: mark failed" declined',
  'beneficiary.create': 'Beneficiary created',
  'beneficiary.update': 'Beneficiary changed',
  'beneficiary.change_propose': 'Beneficiary details change proposed',
  'beneficiary.change_approve': 'Beneficiary details change approved',
  'beneficiary.change_approve_refused': 'Beneficiary change approval refused',
  'beneficiary.change_reject': 'Beneficiary details change rejected',
  'beneficiary.archive': 'Beneficiary archived',
  'batch.validate': 'Batch uploaded and checked',
  'batch.fix_row': 'Batch row fixed',
  'batch.submit': 'Batch submitted',
  'batch.approve': 'Batch approved',
  'batch.approve_refused': 'Batch approval refused',
  'batch.reject': 'Batch rejected',
  'batch.cancel': 'Batch cancelled',
  'batch.form_changed': 'Batch PSP form changed',
  'user.created': 'User created',
  'user.updated': 'User changed',
  'user.password_reset': 'Password reset',
  'user.invited': 'Invitation e-mailed',
  'user.invitation_accepted': 'Password set from an invitation',
  'user.password_reset_sent': 'Password-reset link e-mailed',
  'user.password_reset_by_link': 'Password reset with an e-mailed link',
  'user.change_proposed': 'User change proposed',
  'user.change_approved': 'User change approved',
  'user.change_approve_refused': 'User change approval refused',
  'user.role_changed_by_provider': 'Role changed by the identity provider',
  'user.linked_to_provider': 'Linked to the identity provider',
  'approval_policy.propose': 'Approval policy proposed',
  'approval_policy.approve_refused': 'Approval policy approval refused',
  'approval_policy.reject': 'Approval policy rejected',
  'approval_policy.cancel': 'Approval policy proposal cancelled',
  'approval_policy.schedule': 'Approval policy scheduled',
  'approval_policy.in_force': 'Approval policy in force',
  'approval_policy.dropped': 'Approval policy dropped',
  'lab.payout': 'Lab test payout',
  'lab.deposit': 'Lab card deposit',
};

/** `payout.mark_failed.proposed` -> its title, else `Payout mark failed proposed`. */
export function actionTitle(action: string): string {
  const known = ACTION_TITLES[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TARGET_PATHS: Readonly<Record<string, (id: string) => string>> = {
  payout: (id) => `/payouts/${id}`,
  beneficiary: (id) => `/beneficiaries/${id}`,
  batch: (id) => `/batches/${id}`,
  user: () => '/users',
  approval_policy: () => '/approval-policies',
};

/** Where an entry's target is shown in the app, when it has a page. */
export function targetPath(target: AuditItem['target']): string | null {
  if (!target) return null;
  return TARGET_PATHS[target.type]?.(encodeURIComponent(target.id)) ?? null;
}

const TARGET_NOUNS: Readonly<Record<string, string>> = {
  payout: 'Payout',
  beneficiary: 'Beneficiary',
  batch: 'Batch',
  user: 'User',
  approval_policy: 'Approval policy',
};

/** `Payout 1b2c3d4e…`: the kind, and the id's beginning (the full id is the link's title). */
export function targetText(target: NonNullable<AuditItem['target']>): string {
  const noun = TARGET_NOUNS[target.type] ?? actionTitle(target.type);
  return `${noun} ${target.id.length > 12 ? `${target.id.slice(0, 8)}…` : target.id}`;
}

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

const text = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

const label = (key: string): string => actionTitle(key).toLowerCase();

/**
 * An entry's data as lines a person reads: a change as `role: finance → admin` (from
 * `{ from, to }`, a map of them, or a list of `{ field, from, to }`), anything else as
 * `key: value`.
 */
export function dataLines(data: AuditItem['data']): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (isChange(value)) {
      lines.push(`${label(key)}: ${text(value.from)} → ${text(value.to)}`);
    } else if (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).length > 0 &&
      Object.values(value).every(isChange)
    ) {
      for (const [field, change] of Object.entries(
        value as Record<string, { from: unknown; to: unknown }>,
      )) {
        lines.push(`${label(field)}: ${text(change.from)} → ${text(change.to)}`);
      }
    } else if (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((v) => isChange(v) && typeof (v as { field?: unknown }).field === 'string')
    ) {
      for (const change of value as { field: string; from: unknown; to: unknown }[]) {
        lines.push(`${label(change.field)}: ${text(change.from)} → ${text(change.to)}`);
      }
    } else {
      lines.push(`${label(key)}: ${text(value)}`);
    }
  }
  return lines;
}
