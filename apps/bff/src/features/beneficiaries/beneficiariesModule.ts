import type { Router } from 'express';
import type { ModuleBase } from '../moduleBase.js';
import type { ProvidersService } from '../providers/index.js';
import type { SeparationOfDuties } from '../separationOfDuties/index.js';
import { createBeneficiariesRepository } from './beneficiariesRepository.js';
import { createBeneficiariesRouter } from './beneficiariesRouter.js';
import { createBeneficiaryEditing, type BeneficiaryEditing } from './beneficiaryEditing.js';
import { createBeneficiaryPayouts, type BeneficiaryPayouts } from './beneficiaryPayouts.js';
import { createBeneficiaryQueries } from './beneficiaryQueries.js';
import { createBeneficiaryVault } from './beneficiaryVault.js';
import { createBeneficiaryViews, type BeneficiaryViews } from './beneficiaryViews.js';

export interface BeneficiariesModule {
  router: Router;
  /** The port payouts and batches pay saved beneficiaries through. */
  payouts: BeneficiaryPayouts;
  views: BeneficiaryViews;
  /** Creates and changes payees, as the API does (the demo's first start saves a few). */
  editing: BeneficiaryEditing;
}

/** The payee book: payment details sealed like submissions, changes under four eyes. */
export function createBeneficiariesModule(
  deps: Pick<
    ModuleBase,
    'db' | 'clock' | 'corridors' | 'pspTitles' | 'sealedBox' | 'auditService' | 'stepUp'
  > & {
    /** The first payout data key: the fingerprint of payment details (duplicates). */
    fingerprintSecret: string;
    providersService: ProvidersService;
    separationOfDuties: SeparationOfDuties;
  },
): BeneficiariesModule {
  const { clock, corridors, providersService } = deps;
  const repo = createBeneficiariesRepository(deps.db);
  const vault = createBeneficiaryVault({
    sealedBox: deps.sealedBox,
    fingerprintSecret: deps.fingerprintSecret,
  });
  const views = createBeneficiaryViews({
    repo,
    providersService,
    corridors,
    pspTitles: deps.pspTitles,
    vault,
    clock,
  });
  const editing = createBeneficiaryEditing({
    repo,
    views,
    vault,
    providersService,
    auditService: deps.auditService,
    clock,
    corridors,
    separationOfDuties: deps.separationOfDuties,
  });
  const router = createBeneficiariesRouter({
    beneficiaryQueries: createBeneficiaryQueries({ repo, views }),
    beneficiaryEditing: editing,
    stepUp: deps.stepUp,
  });
  return { router, payouts: createBeneficiaryPayouts({ repo, views, vault }), views, editing };
}
