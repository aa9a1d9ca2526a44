import type { SessionUser } from '../../shared/identity.js';
import { AppError } from '../../shared/AppError.js';
import type { BatchesRepository, BatchRow } from './batchesRepository.js';

/**
 * A batch belongs to its uploader (decision 042): only they, or an admin (audited as acting on
 * another's batch), fix its cells, validate it or cancel it. Null: the uploader acts; the audit
 * data to add otherwise.
 */
export function ownerOr403(
  batch: Pick<BatchRow, 'createdBy'>,
  user: SessionUser,
): Record<string, unknown> {
  if (batch.createdBy === user.id) return {};
  if (user.role === 'admin') return { on_behalf_of: batch.createdBy };
  throw new AppError(
    'forbidden',
    'Only the person who uploaded this batch (or an admin) changes, validates or cancels it.',
  );
}

export async function draftOr409(repo: BatchesRepository, id: string): Promise<BatchRow> {
  const batch = await repo.findById(id);
  if (!batch) throw new AppError('not_found', 'No such batch.');
  if (batch.status !== 'draft') {
    throw new AppError(
      'conflict',
      `This batch is ${batch.status.replace(/_/g, ' ')}: its rows can no longer be changed.`,
      { extensions: { batch_status: batch.status } },
    );
  }
  return batch;
}
