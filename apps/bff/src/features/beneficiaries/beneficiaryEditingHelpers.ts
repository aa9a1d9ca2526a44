import {
  buildPayoutForm,
  UUID_RE,
  type BeneficiaryDto,
  type Corridor,
  type PayoutMetadataValue,
} from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import { requireKnownCorridor } from '../corridors/index.js';
import type { ProvidersService } from '../providers/index.js';
import type {
  BeneficiariesRepository,
  BeneficiaryMutation,
  BeneficiaryRow,
  MutateResult,
} from './beneficiariesRepository.js';
import { maskDetails, storableDetails } from './beneficiaryMasking.js';
import {
  validateBeneficiaryPayment,
  type BeneficiaryPaymentInput,
  type ValidBeneficiaryPayment,
} from './beneficiaryValidation.js';
import type { BeneficiaryVault } from './beneficiaryVault.js';
import type { BeneficiaryViews } from './beneficiaryViews.js';

export const NOT_FOUND = () => new AppError('not_found', 'No such beneficiary.');
export const REFERENCE_TAKEN = () =>
  new AppError('conflict', 'A beneficiary with this reference already exists.', {
    errors: [{ pointer: '/reference', message: 'This reference is already used' }],
  });
export const CHANGE_PENDING = (pointer = '/details') =>
  new AppError('conflict', 'A change of this beneficiary already awaits a decision.', {
    errors: [{ pointer, message: 'A change already awaits a decision' }],
  });
export const ARCHIVED = () => new AppError('conflict', 'This beneficiary is archived.');

/** The stored form of valid details: sealed, masked, fingerprinted; never card data. */
interface PreparedDetails {
  details: Record<string, PayoutMetadataValue>;
  masked: Record<string, PayoutMetadataValue>;
  fingerprint: string | null;
  cardFieldsRequired: boolean;
}

/** What every edit of a beneficiary shares: checking its details, storing them, its reply. */
export function createEditingHelpers({
  repo,
  views,
  vault,
  providersService,
  clock,
  corridors,
}: {
  repo: BeneficiariesRepository;
  views: BeneficiaryViews;
  vault: BeneficiaryVault;
  providersService: ProvidersService;
  clock: Clock;
  corridors: readonly Corridor[];
}) {
  async function validPayment(input: BeneficiaryPaymentInput): Promise<ValidBeneficiaryPayment> {
    const corridor = { country: input.country, currency: input.currency };
    requireKnownCorridor(corridors, corridor);
    const { providers } = await providersService.get(corridor);
    const form = buildPayoutForm(providers, corridor, { now: clock.now() });
    const result = validateBeneficiaryPayment(form, input);
    if (!result.ok) {
      throw new AppError('validation_failed', 'Some fields are invalid.', {
        errors: result.errors,
      });
    }
    return result.value;
  }

  function prepare(payment: ValidBeneficiaryPayment): PreparedDetails {
    const { details, cardFieldsRequired } = storableDetails(
      payment.payoutMethodType,
      payment.details,
    );
    return {
      details,
      masked: maskDetails(details),
      fingerprint: vault.fingerprint(payment.payoutMethodType, details),
      cardFieldsRequired,
    };
  }

  async function dtoOf(row: BeneficiaryRow): Promise<BeneficiaryDto> {
    const [dto] = await views.dtosOf([row]);
    return dto!;
  }

  async function mutated(result: MutateResult): Promise<BeneficiaryDto> {
    if (result.kind === 'not_found') throw NOT_FOUND();
    if (result.kind === 'reference_taken') throw REFERENCE_TAKEN();
    if (result.kind === 'change_pending') throw CHANGE_PENDING();
    return dtoOf(result.row);
  }

  function requireUuid(id: string): void {
    if (!UUID_RE.test(id)) throw NOT_FOUND();
  }

  /** The change, which must belong to the beneficiary; a decision needs it still pending (checked under lock). */
  async function requireChange(id: string, changeId: string) {
    requireUuid(id);
    const change = UUID_RE.test(changeId) ? await repo.findChange(id, changeId) : undefined;
    if (!change) throw new AppError('not_found', 'No such change of this beneficiary.');
    return change;
  }

  function pendingOrConflict(
    pending: Parameters<BeneficiaryMutation>[1],
    changeId: string,
  ): NonNullable<Parameters<BeneficiaryMutation>[1]> {
    if (!pending || pending.id !== changeId) {
      throw new AppError('conflict', 'This change no longer awaits a decision.');
    }
    return pending;
  }

  return {
    validPayment,
    prepare,
    dtoOf,
    mutated,
    requireUuid,
    requireChange,
    pendingOrConflict,
  };
}
