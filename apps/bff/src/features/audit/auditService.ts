import { csvCell } from '../../http/streamCsv.js';
import { parseIsoInstant, type AuditItem, type AuditPage } from '@payouts/contracts';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext } from '../../shared/identity.js';
import { decodeCursor, encodeCursor } from '../../shared/keysetCursor.js';
import type { AuditRepository, AuditRow, NewAuditRow } from './auditRepository.js';

export const AUDIT_ACTIONS = [
  'session.sign_in',
  'session.sign_in_failed',
  'session.sign_out',
  'session.end',
  'session.sign_in_refused',
  'session.break_glass_sign_in',
  'user.linked_to_provider',
  'user.role_changed_by_provider',
  'session.second_factor_verified',
  'factor.enrolled',
  'factor.removed',
  'factor.reset',
  'factor.verify_failed',
  'factor.locked',
  'factor.recovery_codes_generated',
  'user.created',
  'user.updated',
  'user.password_reset',
  'user.invited',
  'user.invitation_accepted',
  'user.password_reset_sent',
  'user.password_reset_by_link',
  'user.change_proposed',
  'user.change_approved',
  'user.change_rejected',
  'user.change_withdrawn',
  'user.change_approve_refused',
  'payout.create',
  'payout.check_status',
  'lab.payout',
  'lab.deposit',
  'payout.approve',
  'payout.approve_refused',
  'payout.reject',
  'payout.cancel',
  'payout.resolution.found',
  'payout.mark_failed.proposed',
  'payout.mark_failed.confirmed',
  'payout.mark_failed.rejected',
  'payout.mark_failed.withdrawn',
  'payout.mark_failed.refused',
  'beneficiary.create',
  'beneficiary.update',
  'beneficiary.change_propose',
  'beneficiary.change_approve',
  'beneficiary.change_approve_refused',
  'beneficiary.change_reject',
  'beneficiary.archive',
  'approval_policy.propose',
  'approval_policy.approve',
  'approval_policy.approve_refused',
  'approval_policy.reject',
  'approval_policy.schedule',
  'approval_policy.cancel',
  'approval_policy.in_force',
  'approval_policy.dropped',
  'batch.upload',
  'batch.fix_row',
  'batch.validate',
  'batch.submit',
  'batch.approve',
  'batch.approve_refused',
  'batch.reject',
  'batch.cancel',
  'batch.retry',
  'batch.form_changed',
  'payout_view.shared',
  'payout_view.unshared',
  'payout_view.updated',
  'payout_view.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type { AuditActor, AuditContext } from '../../shared/identity.js';

export interface AuditEntry {
  action: AuditAction;
  target?: { type: string; id: string };
  /** Never a secret, a password or card data. */
  data?: Record<string, unknown>;
}

export interface AuditListQuery {
  who?: string;
  what?: string;
  from?: Date;
  to?: Date;
  cursor?: string;
  limit: number;
}

export interface AuditService {
  /**
   * Records an entry on its own: only for events that change nothing else (a failed sign-in, a
   * lab deposit). An entry about a change goes through `row()` into that change's transaction.
   */
  record(context: AuditContext, entry: AuditEntry): Promise<void>;
  /** The row for an entry, stamped now, for a repository to insert in its own transaction. */
  row(context: AuditContext, entry: AuditEntry): NewAuditRow;
  list(query: AuditListQuery): Promise<AuditPage>;
  /** Every entry the filters select, newest first, read page by page (the CSV export). */
  listAll(query: Omit<AuditListQuery, 'cursor' | 'limit'>): AsyncIterable<AuditItem>;
  /** What the log says `actorId` last did to `userId`'s powers since `since` (see the repository). */
  accountPowerChanges: AuditRepository['accountPowerChanges'];
}

function toItem(row: AuditRow): AuditItem {
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actor: row.actorId && row.actorEmail ? { id: row.actorId, email: row.actorEmail } : null,
    action: row.action,
    target: row.targetType && row.targetId ? { type: row.targetType, id: row.targetId } : null,
    data: row.data,
    ip: row.ip,
    request_id: row.requestId,
  };
}

export function createAuditService({
  auditRepository,
  clock,
}: {
  auditRepository: AuditRepository;
  clock: Clock;
}): AuditService {
  const row = (context: AuditContext, entry: AuditEntry): NewAuditRow => ({
    at: clock.now(),
    actorId: context.actor?.id ?? null,
    actorEmail: context.actor?.email ?? null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    data: entry.data ?? {},
    ip: context.ip,
    requestId: context.requestId,
  });
  const service: AuditService = {
    row,
    accountPowerChanges: (input) => auditRepository.accountPowerChanges(input),
    async record(context, entry) {
      await auditRepository.insert(row(context, entry));
    },
    async list({ cursor, limit, ...filters }) {
      let after: { at: string; id: number } | undefined;
      if (cursor !== undefined) {
        const decoded = decodeCursor(cursor, {
          value: (value) => (parseIsoInstant(value) === undefined ? undefined : value),
          id: (id) => (/^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : undefined),
        });
        after = { at: decoded.value, id: decoded.id };
      }
      // One extra row tells whether another page exists without a count query.
      const rows = await auditRepository.list({ ...filters, after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map(toItem),
        next_cursor:
          rows.length > limit && last ? encodeCursor(last.at.toISOString(), last.id) : null,
      };
    },
    async *listAll(query) {
      let cursor: string | undefined;
      do {
        const page = await service.list({ ...query, cursor, limit: EXPORT_PAGE_SIZE });
        yield* page.items;
        cursor = page.next_cursor ?? undefined;
      } while (cursor !== undefined);
    },
  };
  return service;
}

const EXPORT_PAGE_SIZE = 500;

/** The export's columns, in order; `data` as JSON text. */
export const AUDIT_CSV_COLUMNS = [
  'at',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'data',
  'ip',
  'request_id',
  'id',
] as const;

export function auditCsvRow(item: AuditItem): string[] {
  return [
    item.at,
    item.actor?.email ?? 'system',
    item.action,
    item.target?.type ?? null,
    item.target?.id ?? null,
    Object.keys(item.data).length === 0 ? null : JSON.stringify(item.data),
    item.ip,
    item.request_id,
    item.id,
  ].map(csvCell);
}
