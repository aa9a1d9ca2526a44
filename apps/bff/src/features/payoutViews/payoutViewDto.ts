import type { PayoutViewDto } from '@payouts/contracts';
import type { PayoutViewWithOwner } from './payoutViewsRepository.js';

/** A stored view as `viewerId` sees it (`mine`, `is_default`); rows never reach the browser. */
export function toPayoutViewDto(
  { view, owner }: PayoutViewWithOwner,
  viewerId: string,
  defaultViewId: string | null,
): PayoutViewDto {
  return {
    id: view.id,
    name: view.name,
    state: view.state,
    shared: view.shared,
    owner: { id: owner.id, name: owner.name, email: owner.email },
    mine: view.ownerId === viewerId,
    is_default: defaultViewId === view.id,
    created_at: view.createdAt.toISOString(),
    updated_at: view.updatedAt.toISOString(),
  };
}
