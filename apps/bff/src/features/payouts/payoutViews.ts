import { UUID_RE } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import { toPayoutDto, type PayoutDto } from './payoutDto.js';
import type {
  Creator as PayoutDtoCreator,
  PayoutRow,
  PayoutWithCreator,
  PayoutsRepository,
} from './payoutsRepository.js';

const UUID = UUID_RE;

/**
 * How every payouts service reads payouts and shows them: one mapping to the DTO. Plain
 * functions (no `this`), so services destructure what they use.
 */
export interface PayoutViews {
  /** Created before this instant and not final: flagged for a human. */
  attentionBefore: () => Date;
  dtosOf: (rows: { payout: PayoutRow; creator: PayoutDtoCreator }[]) => Promise<PayoutDto[]>;
  /**
   * The DTO of a row that names no other person (no approval rule, no approver, no rejecter),
   * built without reading anything; undefined for any other row (use `dtosOf`).
   */
  dtoWithoutLookups: (row: PayoutRow, creator: PayoutDtoCreator) => PayoutDto | undefined;
  /** The payout as it is now; `not_found` when it is gone. */
  dtoOf: (id: string) => Promise<PayoutDto>;
  /** The payout behind a path id; `not_found` for an id that is not even a UUID. */
  findOr404: (id: string) => Promise<PayoutWithCreator>;
  isUuid: (text: string) => boolean;
}

export function createPayoutViews({
  repo,
  clock,
  attentionAfterMs,
  pspTitles = new Map(),
}: {
  repo: PayoutsRepository;
  clock: Clock;
  attentionAfterMs: number;
  /** PSP code -> title, for people (KNOWN_PSPS). */
  pspTitles?: ReadonlyMap<string, string>;
}): PayoutViews {
  const attentionBefore = () => new Date(clock.now().getTime() - attentionAfterMs);

  async function dtosOf(rows: { payout: PayoutRow; creator: PayoutDtoCreator }[]) {
    const approvals = await repo.approvalsOf(
      rows.filter(({ payout }) => payout.approvalRule !== null).map(({ payout }) => payout.id),
    );
    const actors = await repo.actors([
      ...rows.flatMap(({ payout }) =>
        [
          payout.approvedBy,
          payout.rejectedBy,
          payout.markFailedRequestedBy,
          payout.markedFailedBy,
        ].filter((x): x is string => x !== null),
      ),
      ...[...approvals.values()].flat().map((a) => a.userId),
    ]);
    const before = attentionBefore();
    return rows.map(({ payout, creator }) =>
      toPayoutDto(payout, creator, { actors, attentionBefore: before, pspTitles, approvals }),
    );
  }

  return {
    attentionBefore,
    dtosOf,
    dtoWithoutLookups(row, creator) {
      if (
        row.approvalRule !== null ||
        row.approvedBy !== null ||
        row.rejectedBy !== null ||
        row.markFailedRequestedBy !== null
      ) {
        return undefined;
      }
      return toPayoutDto(row, creator, {
        actors: new Map(),
        attentionBefore: attentionBefore(),
        pspTitles,
        approvals: new Map(),
      });
    },
    async dtoOf(id) {
      const found = await repo.findById(id);
      if (!found) throw new AppError('not_found', 'No such payout.');
      const [dto] = await dtosOf([found]);
      return dto!;
    },
    async findOr404(id) {
      if (!UUID.test(id)) throw new AppError('not_found', 'No such payout.');
      const found = await repo.findById(id);
      if (!found) throw new AppError('not_found', 'No such payout.');
      return found;
    },
    isUuid: (text) => UUID.test(text),
  };
}
