import {
  can,
  PAYOUT_VIEWS_MAX_PER_USER,
  UUID_RE,
  type CreatePayoutViewBody,
  type PayoutViewDto,
  type PayoutViewListDto,
  type UpdatePayoutViewBody,
} from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { AuditEntry, AuditService } from '../audit/index.js';
import { toPayoutViewDto } from './payoutViewDto.js';
import type { PayoutViewRow, PayoutViewsRepository } from './payoutViewsRepository.js';

/**
 * Saved views of the payouts list: private to their owner unless an admin shares one
 * with everyone; only the owner changes or deletes a view. Shared views are what everyone sees,
 * so what happens to them is audited.
 */
export interface PayoutViewsService {
  list(viewer: SessionUser): Promise<PayoutViewListDto>;
  create(
    viewer: SessionUser,
    body: CreatePayoutViewBody,
    context: AuditContext,
  ): Promise<PayoutViewDto>;
  update(
    viewer: SessionUser,
    id: string,
    body: UpdatePayoutViewBody,
    context: AuditContext,
  ): Promise<PayoutViewDto>;
  remove(viewer: SessionUser, id: string, context: AuditContext): Promise<void>;
  /** Null clears it; replies with the list as it now is. */
  setDefault(viewer: SessionUser, viewId: string | null): Promise<PayoutViewListDto>;
}

const NOT_FOUND = () => new AppError('not_found', 'No such saved view.');
const NOT_OWNER = () =>
  new AppError('forbidden', 'Only the owner of this view may change or delete it.');
const NAME_TAKEN = () =>
  new AppError('conflict', 'You already have a view with this name. Choose another name.', {
    errors: [{ pointer: '/name', message: 'You already have a view with this name' }],
  });

export function createPayoutViewsService({
  repo,
  auditService,
  clock,
}: {
  repo: PayoutViewsRepository;
  auditService: AuditService;
  clock: Clock;
}): PayoutViewsService {
  const mayShare = (viewer: SessionUser) => can(viewer.role, 'payout-views:share');
  const refuseSharing = (viewer: SessionUser, shared: boolean | undefined) => {
    // Unsharing is always the owner's to do (an admin since made finance keeps that).
    if (shared === true && !mayShare(viewer)) {
      throw new AppError('forbidden', 'Only an admin may share a view with everyone.');
    }
  };
  const entry = (
    action: AuditEntry['action'],
    view: PayoutViewRow,
    data: Record<string, unknown> = {},
  ): AuditEntry => ({
    action,
    target: { type: 'payout_view', id: view.id },
    data: { name: view.name, ...data },
  });

  /** The viewer's own view; someone else's shared one is 403, anything else 404. */
  async function ownView(viewer: SessionUser, id: string) {
    if (!UUID_RE.test(id)) throw NOT_FOUND();
    const found = await repo.findVisible(viewer.id, id);
    if (!found) throw NOT_FOUND();
    if (found.view.ownerId !== viewer.id) throw NOT_OWNER();
    return found;
  }

  async function list(viewer: SessionUser): Promise<PayoutViewListDto> {
    const [rows, stored] = await Promise.all([
      repo.listVisible(viewer.id),
      repo.defaultOf(viewer.id),
    ]);
    // A default the viewer can no longer see is none.
    const defaultId = rows.some((r) => r.view.id === stored) ? (stored ?? null) : null;
    return {
      items: rows.map((row) => toPayoutViewDto(row, viewer.id, defaultId)),
      default_view_id: defaultId,
    };
  }

  return {
    list,

    async create(viewer, body, context) {
      const shared = body.shared ?? false;
      refuseSharing(viewer, shared);
      const result = await repo.create({
        ownerId: viewer.id,
        name: body.name,
        state: body.state,
        shared,
        at: clock.now(),
        max: PAYOUT_VIEWS_MAX_PER_USER,
        audit: (row) =>
          row.shared ? [auditService.row(context, entry('payout_view.shared', row))] : [],
      });
      switch (result.kind) {
        case 'created':
          return toPayoutViewDto(result.row, viewer.id, (await repo.defaultOf(viewer.id)) ?? null);
        case 'limit_reached':
          throw new AppError(
            'conflict',
            `You have ${PAYOUT_VIEWS_MAX_PER_USER} saved views, the most one may keep. Delete one before saving another.`,
          );
        case 'name_taken':
          throw NAME_TAKEN();
        case 'no_owner':
          throw new AppError('unauthenticated', 'Sign in to continue.');
      }
    },

    async update(viewer, id, body, context) {
      refuseSharing(viewer, body.shared);
      await ownView(viewer, id);
      const result = await repo.change(viewer.id, id, (current) => {
        const name = body.name ?? current.name;
        const shared = body.shared ?? current.shared;
        const after = { ...current, name, shared };
        const audit: AuditEntry[] = [];
        if (shared && !current.shared) audit.push(entry('payout_view.shared', after));
        if (!shared && current.shared) audit.push(entry('payout_view.unshared', after));
        if (shared && current.shared && (body.name !== undefined || body.state !== undefined)) {
          audit.push(
            entry('payout_view.updated', after, {
              ...(name !== current.name ? { previous_name: current.name } : {}),
              state_changed: body.state !== undefined,
            }),
          );
        }
        return {
          patch: {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.state !== undefined ? { state: body.state } : {}),
            ...(body.shared !== undefined ? { shared: body.shared } : {}),
            updatedAt: clock.now(),
          },
          audit: audit.map((e) => auditService.row(context, e)),
        };
      });
      switch (result.kind) {
        case 'changed':
          return toPayoutViewDto(result.row, viewer.id, (await repo.defaultOf(viewer.id)) ?? null);
        case 'not_found':
          throw NOT_FOUND();
        case 'name_taken':
          throw NAME_TAKEN();
      }
    },

    async remove(viewer, id, context) {
      await ownView(viewer, id);
      const deleted = await repo.remove(viewer.id, id, (row) =>
        row.shared ? [auditService.row(context, entry('payout_view.deleted', row))] : [],
      );
      if (!deleted) throw NOT_FOUND();
    },

    async setDefault(viewer, viewId) {
      if (!(await repo.setDefault(viewer.id, viewId))) throw NOT_FOUND();
      return list(viewer);
    },
  };
}
