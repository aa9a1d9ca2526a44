import {
  buildPayoutForm,
  type BeneficiaryChangeDto,
  type BeneficiaryDto,
  type BeneficiaryEventDto,
  type Corridor,
  type PayoutActor,
  type PayoutForm,
  type PayoutMethodType,
  type PayoutProvider,
} from '@payouts/contracts';
import type { Clock } from '../../shared/clock.js';
import type { ProvidersService } from '../providers/index.js';
import type {
  Actor,
  BeneficiariesRepository,
  BeneficiaryChangeRow,
  BeneficiaryEventRow,
  BeneficiaryRow,
} from './beneficiariesRepository.js';
import { unusableReasonOf, validateBeneficiaryPayment } from './beneficiaryValidation.js';
import type { BeneficiaryVault } from './beneficiaryVault.js';

/** One way of showing a beneficiary, shared by the list, the detail and every action's reply. */
export interface BeneficiaryViews {
  dtosOf(rows: BeneficiaryRow[]): Promise<BeneficiaryDto[]>;
  changeDtosOf(rows: BeneficiaryChangeRow[]): Promise<BeneficiaryChangeDto[]>;
  /**
   * Why it cannot be paid now (null: it can). `strict`: an orchestrator failure is thrown (a
   * payout needs the answer); otherwise the reason is left unknown (null) so lists still show.
   */
  unusableReason(row: BeneficiaryRow, options?: { strict?: boolean }): Promise<string | null>;
  /**
   * The corridor's live beneficiaries (active or with a pending change) that could not be paid
   * with `providers`, the metadata the orchestrator lists now: how many, and the first few.
   */
  unusableIn(
    corridor: Corridor,
    providers: readonly PayoutProvider[],
  ): Promise<{ count: number; first: { id: string; reference: string; reason: string }[] }>;
}

/** Beneficiaries read per page when a whole corridor is checked. */
const CORRIDOR_PAGE = 500;

export function toBeneficiaryEventDto(row: BeneficiaryEventRow): BeneficiaryEventDto {
  return {
    id: String(row.id),
    type: row.type,
    at: row.at.toISOString(),
    actor: row.actor,
    data: row.data,
  };
}

const UNKNOWN_ACTOR = (id: string): PayoutActor => ({ id, email: 'unknown', name: 'Unknown' });

export function createBeneficiaryViews({
  repo,
  providersService,
  corridors,
  pspTitles,
  vault,
  clock,
}: {
  repo: BeneficiariesRepository;
  providersService: ProvidersService;
  corridors: readonly Corridor[];
  pspTitles: ReadonlyMap<string, string>;
  /**
   * With it, saved details are checked against the corridor's current form as well (decision
   * 041): a field the PSP now asks for, or a rule its hints changed, flags the beneficiary.
   */
  vault?: BeneficiaryVault;
  clock?: Clock;
}): BeneficiaryViews {
  // One form per metadata read (the providers cache hands out the same array until it refreshes).
  const forms = new WeakMap<readonly PayoutProvider[], PayoutForm>();
  const formOf = (providers: readonly PayoutProvider[], corridor: Corridor): PayoutForm => {
    let form = forms.get(providers);
    if (!form) {
      form = buildPayoutForm([...providers], corridor, { now: clock?.now() ?? new Date() });
      forms.set(providers, form);
    }
    return form;
  };

  /** Why its saved details no longer pass the PSP's current form, in words; null when they do. */
  function detailsProblem(
    row: BeneficiaryRow,
    providers: readonly PayoutProvider[],
    pspTitle: string,
  ): string | null {
    if (!vault) return null;
    let details;
    try {
      details = vault.open(row.detailsSealed, row.id);
    } catch {
      // Sealed under a key no longer configured: paying it says so.
      return null;
    }
    const corridor = { country: row.country, currency: row.currency };
    const result = validateBeneficiaryPayment(formOf(providers, corridor), {
      ...corridor,
      state: row.state,
      payout_method_type: row.payoutMethodType,
      provider: row.provider,
      details,
    });
    if (result.ok) return null;
    const fields = result.errors
      .slice(0, 3)
      .map((e) => `${e.pointer.replace(/^\/details\//, '') || 'details'}: ${e.message}`);
    return `Its saved details no longer pass ${pspTitle}’s current form for ${row.country}/${row.currency} (${fields.join('; ')}): change them before paying.`;
  }
  const actorOf = (actors: Map<string, Actor>, id: string): PayoutActor =>
    actors.get(id) ?? UNKNOWN_ACTOR(id);

  const changeDto = (
    row: BeneficiaryChangeRow,
    actors: Map<string, Actor>,
  ): BeneficiaryChangeDto => ({
    id: row.id,
    status: row.status,
    diff: row.diff,
    proposed_by: actorOf(actors, row.proposedBy),
    proposed_at: row.proposedAt.toISOString(),
    decided_by: row.decidedBy ? actorOf(actors, row.decidedBy) : null,
    decided_at: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
  });

  const configured = (c: Corridor) =>
    corridors.some((k) => k.country === c.country && k.currency === c.currency);

  async function providersOf(
    corridor: Corridor,
    strict: boolean,
  ): Promise<readonly PayoutProvider[] | undefined | 'unknown'> {
    if (!configured(corridor)) return undefined;
    try {
      return (await providersService.get(corridor)).providers;
    } catch (error) {
      if (strict) throw error;
      return 'unknown';
    }
  }

  async function unusableReason(row: BeneficiaryRow, { strict = false } = {}) {
    const providers = await providersOf({ country: row.country, currency: row.currency }, strict);
    if (providers === 'unknown') return null;
    const title = pspTitles.get(row.provider) ?? row.provider;
    const unusable = unusableReasonOf(row, providers, title);
    if (unusable !== null || providers === undefined) return unusable;
    return detailsProblem(row, providers, title);
  }

  async function changeDtosOf(rows: BeneficiaryChangeRow[]) {
    const actors = await repo.actors(
      rows.flatMap((r) => (r.decidedBy ? [r.proposedBy, r.decidedBy] : [r.proposedBy])),
    );
    return rows.map((r) => changeDto(r, actors));
  }

  return {
    unusableReason,
    changeDtosOf,
    async unusableIn(corridor, providers) {
      let count = 0;
      const first: { id: string; reference: string; reason: string }[] = [];
      let after: { name: string; id: string } | undefined;
      for (;;) {
        const page = await repo.list({
          ...corridor,
          statuses: ['active', 'pending_change'],
          after,
          limit: CORRIDOR_PAGE,
        });
        for (const row of page) {
          const title = pspTitles.get(row.provider) ?? row.provider;
          const reason =
            unusableReasonOf(row, providers, title) ?? detailsProblem(row, providers, title);
          if (reason === null) continue;
          count += 1;
          if (first.length < 5) first.push({ id: row.id, reference: row.reference, reason });
        }
        const last = page.at(-1);
        if (page.length < CORRIDOR_PAGE || !last) break;
        after = { name: last.sortName, id: last.id };
      }
      return { count, first };
    },
    async dtosOf(rows) {
      if (rows.length === 0) return [];
      const pending = await repo.changes(
        rows.filter((r) => r.status === 'pending_change').map((r) => r.id),
        { pendingOnly: true },
      );
      const actors = await repo.actors([
        ...rows.flatMap((r) => [r.createdBy, r.updatedBy]),
        ...pending.flatMap((c) => [c.proposedBy]),
      ]);
      // One providers lookup per corridor on the page (cached: no orchestrator call per row).
      const reasons = await Promise.all(rows.map((r) => unusableReason(r)));
      return rows.map((row, i): BeneficiaryDto => {
        const change = pending.find((c) => c.beneficiaryId === row.id);
        return {
          id: row.id,
          display_name: row.displayName,
          reference: row.reference,
          email: row.email,
          country: row.country,
          currency: row.currency,
          state: row.state,
          payout_method_type: row.payoutMethodType as PayoutMethodType,
          provider: row.provider,
          provider_title: pspTitles.get(row.provider) ?? null,
          details: row.detailsMasked,
          card_fields_required: row.cardFieldsRequired,
          status: row.status,
          unusable_reason: row.status === 'archived' ? null : (reasons[i] ?? null),
          pending_change: change ? changeDto(change, actors) : null,
          created_by: actorOf(actors, row.createdBy),
          created_at: row.createdAt.toISOString(),
          updated_by: actorOf(actors, row.updatedBy),
          updated_at: row.updatedAt.toISOString(),
          payouts_count: row.payoutsCount,
          last_paid_at: row.lastPaidAt?.toISOString() ?? null,
        };
      });
    },
  };
}
