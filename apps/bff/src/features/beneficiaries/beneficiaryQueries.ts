import {
  BENEFICIARY_NAME_MAX_LENGTH,
  UUID_RE,
  type BeneficiaryDetail,
  type BeneficiaryPage,
  type BeneficiaryStatus,
} from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import { decodeCursor, encodeCursor } from '../../shared/keysetCursor.js';
import type { BeneficiariesRepository } from './beneficiariesRepository.js';
import { toBeneficiaryEventDto, type BeneficiaryViews } from './beneficiaryViews.js';

export interface BeneficiaryListParams {
  q?: string | undefined;
  country?: string | undefined;
  currency?: string | undefined;
  payoutMethodType?: string | undefined;
  provider?: string | undefined;
  /** Default: active and pending_change (archived ones only when asked). */
  statuses?: BeneficiaryStatus[] | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** Reads the payee book: pages by name, one beneficiary with its timeline and changes. */
export interface BeneficiaryQueries {
  list(params: BeneficiaryListParams): Promise<BeneficiaryPage>;
  get(id: string): Promise<BeneficiaryDetail>;
}

const DEFAULT_STATUSES: BeneficiaryStatus[] = ['active', 'pending_change'];

export function createBeneficiaryQueries({
  repo,
  views,
}: {
  repo: BeneficiariesRepository;
  views: BeneficiaryViews;
}): BeneficiaryQueries {
  return {
    async list({ cursor, statuses, limit, ...filters }) {
      const after =
        cursor === undefined
          ? undefined
          : decodeCursor(cursor, {
              // lower() may lengthen a name a little; anything far longer was never written.
              value: (v) => (v.length <= BENEFICIARY_NAME_MAX_LENGTH * 4 ? v : undefined),
              id: (id) => (UUID_RE.test(id) ? id : undefined),
            });
      // One extra row tells whether another page exists without a count query.
      const rows = await repo.list({
        ...filters,
        statuses: statuses ?? DEFAULT_STATUSES,
        after: after && { name: after.value, id: after.id },
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: await views.dtosOf(page),
        next_cursor:
          rows.length > limit && last
            ? // The database's own lower(), as the keyset compares it.
              encodeCursor(last.sortName, last.id)
            : null,
      };
    },

    async get(id) {
      const row = UUID_RE.test(id) ? await repo.findById(id) : undefined;
      if (!row) throw new AppError('not_found', 'No such beneficiary.');
      const [beneficiary, events, changes] = await Promise.all([
        views.dtosOf([row]),
        repo.events(id),
        repo.changes([id]),
      ]);
      return {
        beneficiary: beneficiary[0]!,
        events: events.map(toBeneficiaryEventDto),
        changes: await views.changeDtosOf(changes),
      };
    },
  };
}
