import { samplePayoutFor, type PayoutMethodType } from '@payouts/contracts';
import type { Logger } from 'pino';
import { AppError } from '../../shared/AppError.js';
import type { SessionUser } from '../../shared/identity.js';
import type { BeneficiaryEditing } from '../beneficiaries/index.js';
import type { DemoWorld } from './demoHistoryPlan.js';
import { FIRST_NAMES, LAST_NAMES } from './demoNames.js';
import { withDemoPerson } from './demoPayout.js';

/** At most this many saved beneficiaries on a first demo start. */
export const DEMO_BENEFICIARIES_MAX = 8;

/** The order within each round: most payees are suppliers and sellers paid by transfer. */
const TYPE_ORDER: readonly PayoutMethodType[] = ['bank_account', 'crypto', 'credit_card'];

/**
 * A first demo start's payee book: saved beneficiaries of each payout type in turn, each in
 * another corridor (at most `DEMO_BENEFICIARIES_MAX`), each through the API's own path (the PSP's
 * form checks the details, they are sealed, the audit log says who saved them), so the
 * Beneficiaries page and the wizard's "Pay a saved beneficiary" are not empty. The details are
 * the PSP's sample values under a demo name. One that is refused is logged and left out.
 */
export async function seedDemoBeneficiaries({
  editing,
  creator,
  corridors,
  now,
  logger,
}: {
  editing: Pick<BeneficiaryEditing, 'create'>;
  creator: SessionUser;
  corridors: DemoWorld['corridors'];
  now: Date;
  logger: Logger;
}): Promise<number> {
  // Per type, the corridors that offer it (with their first PSP for it); then one of each type
  // in turn, so the book holds transfers, wallets and cards alike.
  const byType = TYPE_ORDER.map((type) =>
    corridors.flatMap(({ corridor, providers }) => {
      const provider = providers.find((p) => p.payout_method_type === type);
      return provider ? [{ corridor, provider }] : [];
    }),
  );
  const rounds = Math.max(0, ...byType.map((list) => list.length));
  const choices = Array.from({ length: rounds }, (_, round) =>
    byType.flatMap((list) => (list[round] ? [list[round]] : [])),
  ).flat();
  const context = { actor: { id: creator.id, email: creator.email }, ip: null, requestId: null };
  let saved = 0;
  for (const [i, { corridor, provider }] of choices.entries()) {
    if (saved === DEMO_BENEFICIARIES_MAX) break;
    const first = FIRST_NAMES[(i * 7) % FIRST_NAMES.length]!;
    const last = LAST_NAMES[(i * 5) % LAST_NAMES.length]!;
    const sample = samplePayoutFor(provider, corridor, now);
    const details = withDemoPerson(sample.metadata, first, last);
    try {
      await editing.create(
        creator,
        {
          display_name: `${first} ${last}`,
          reference: `DEMO-PAYEE-${String(i + 1).padStart(2, '0')}`,
          email: null,
          country: corridor.country,
          currency: corridor.currency,
          state: sample.state ?? null,
          payout_method_type: provider.payout_method_type,
          provider: provider.name,
          details,
        },
        context,
      );
      saved += 1;
    } catch (error) {
      // Two corridors' samples can be one account (a USDT and an ETH wallet): the next one.
      if (error instanceof AppError && error.code === 'beneficiary_duplicate') continue;
      logger.warn({ err: error, corridor, provider: provider.name }, 'demo beneficiary not saved');
    }
  }
  return saved;
}
