import { randomUUID } from 'node:crypto';
import type { BeneficiaryDetailDiff, BeneficiaryDto, Corridor } from '@payouts/contracts';
import { AppError } from '../../shared/AppError.js';
import type { Clock } from '../../shared/clock.js';
import type { AuditContext, SessionUser } from '../../shared/identity.js';
import type { SeparationOfDuties } from '../separationOfDuties/index.js';
import type { AuditService } from '../audit/index.js';
import type { ProvidersService } from '../providers/index.js';
import type {
  BeneficiariesRepository,
  BeneficiaryRow,
  NewBeneficiaryEvent,
} from './beneficiariesRepository.js';
import { diffDetails, searchTextOf } from './beneficiaryMasking.js';
import type { BeneficiaryPaymentInput } from './beneficiaryValidation.js';
import type { BeneficiaryVault } from './beneficiaryVault.js';
import type { BeneficiaryViews } from './beneficiaryViews.js';
import {
  ARCHIVED,
  CHANGE_PENDING,
  createEditingHelpers,
  NOT_FOUND,
  REFERENCE_TAKEN,
} from './beneficiaryEditingHelpers.js';

export interface CreateBeneficiaryInput extends BeneficiaryPaymentInput {
  display_name: string;
  reference: string;
  email?: string | null | undefined;
  allow_duplicate?: boolean | undefined;
}

export interface UpdateBeneficiaryInput {
  display_name?: string | undefined;
  reference?: string | undefined;
  email?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
}

/** Creates, renames and archives beneficiaries; changes of payment details wait for a second person. */
export interface BeneficiaryEditing {
  create(
    user: SessionUser,
    input: CreateBeneficiaryInput,
    context: AuditContext,
  ): Promise<BeneficiaryDto>;
  update(
    id: string,
    user: SessionUser,
    input: UpdateBeneficiaryInput,
    context: AuditContext,
  ): Promise<BeneficiaryDto>;
  approve(
    id: string,
    changeId: string,
    user: SessionUser,
    context: AuditContext,
  ): Promise<BeneficiaryDto>;
  reject(
    id: string,
    changeId: string,
    user: SessionUser,
    input: { reason: string },
    context: AuditContext,
  ): Promise<BeneficiaryDto>;
  archive(id: string, user: SessionUser, context: AuditContext): Promise<BeneficiaryDto>;
}

export function createBeneficiaryEditing({
  repo,
  views,
  vault,
  providersService,
  auditService,
  clock,
  corridors,
  separationOfDuties,
}: {
  repo: BeneficiariesRepository;
  views: BeneficiaryViews;
  vault: BeneficiaryVault;
  providersService: ProvidersService;
  auditService: AuditService;
  clock: Clock;
  corridors: readonly Corridor[];
  separationOfDuties: SeparationOfDuties;
}): BeneficiaryEditing {
  const { validPayment, prepare, dtoOf, mutated, requireUuid, requireChange, pendingOrConflict } =
    createEditingHelpers({ repo, views, vault, providersService, clock, corridors });

  return {
    async create(user, input, context) {
      const payment = await validPayment(input);
      const prepared = prepare(payment);
      // A reference another payee's waiting change asks for is held for it.
      if (await repo.referenceHeld(input.reference, undefined)) throw REFERENCE_TAKEN();
      if (prepared.fingerprint && input.allow_duplicate !== true) {
        const duplicates = await repo.findByFingerprint(prepared.fingerprint);
        if (duplicates.length > 0) {
          throw new AppError(
            'beneficiary_duplicate',
            'An active beneficiary already has these payment details. Create it anyway with allow_duplicate.',
            {
              extensions: {
                duplicates: duplicates.map((d) => ({
                  id: d.id,
                  display_name: d.displayName,
                  reference: d.reference,
                })),
              },
            },
          );
        }
      }
      const id = randomUUID();
      const at = clock.now();
      const email = input.email ?? null;
      const result = await repo.insert({
        row: {
          id,
          displayName: input.display_name,
          reference: input.reference,
          email,
          country: input.country,
          currency: input.currency,
          state: payment.state,
          payoutMethodType: payment.payoutMethodType,
          provider: payment.provider,
          detailsSealed: vault.seal(prepared.details, id),
          detailsMasked: prepared.masked,
          fingerprint: prepared.fingerprint,
          cardFieldsRequired: prepared.cardFieldsRequired,
          searchText: searchTextOf({
            displayName: input.display_name,
            reference: input.reference,
            email,
            masked: prepared.masked,
          }),
          status: 'active',
          createdBy: user.id,
          createdAt: at,
          updatedBy: user.id,
          updatedAt: at,
        },
        events: [
          {
            type: 'created',
            actor: user.email,
            at,
            data: {
              reference: input.reference,
              provider: payment.provider,
              payout_method_type: payment.payoutMethodType,
              details: prepared.masked,
            },
          },
        ],
        audit: [
          auditService.row(context, {
            action: 'beneficiary.create',
            target: { type: 'beneficiary', id },
            data: {
              reference: input.reference,
              country: input.country,
              currency: input.currency,
              provider: payment.provider,
              payout_method_type: payment.payoutMethodType,
              ...(input.allow_duplicate === true ? { allow_duplicate: true } : {}),
            },
          }),
        ],
      });
      if (result.kind === 'reference_taken') throw REFERENCE_TAKEN();
      return dtoOf(result.row);
    },

    async update(id, user, input, context) {
      requireUuid(id);
      const before = await repo.findById(id);
      if (!before) throw NOT_FOUND();
      if (before.status === 'archived') throw ARCHIVED();
      // The corridor, type and PSP stay; only the PSP section's values change.
      const proposed =
        input.details === undefined
          ? undefined
          : prepare(
              await validPayment({
                country: before.country,
                currency: before.currency,
                state: before.state,
                payout_method_type: before.payoutMethodType,
                provider: before.provider,
                details: input.details,
              }),
            );
      if (input.reference !== undefined && input.reference !== before.reference) {
        // Held by another payee, or asked for by a change that waits: not free.
        if (await repo.referenceHeld(input.reference, id)) throw REFERENCE_TAKEN();
      }
      const result = await repo.mutate(id, (current, pending) => {
        if (current.status === 'archived') throw ARCHIVED();
        const at = clock.now();
        const events: NewBeneficiaryEvent[] = [];
        const audit = [];
        const patch: Partial<BeneficiaryRow> = {};
        const next = {
          displayName: input.display_name ?? current.displayName,
          reference: input.reference ?? current.reference,
          email: input.email === undefined ? current.email : input.email,
        };
        // The e-mail applies at once; the name and the reference, which people and batch files
        // pay by, wait for a second person with the payment details (decision 042).
        if (next.email !== current.email) {
          Object.assign(patch, {
            email: next.email,
            searchText: searchTextOf({
              ...current,
              email: next.email,
              masked: current.detailsMasked,
            }),
          });
          events.push({
            type: 'updated',
            actor: user.email,
            at,
            data: { changes: { email: { from: current.email, to: next.email } } },
          });
          audit.push(
            auditService.row(context, {
              action: 'beneficiary.update',
              target: { type: 'beneficiary', id },
              data: { fields: ['email'], reference: current.reference },
            }),
          );
        }
        const identity: BeneficiaryDetailDiff[] = [];
        if (next.displayName !== current.displayName) {
          identity.push({ field: 'display_name', from: current.displayName, to: next.displayName });
        }
        if (next.reference !== current.reference) {
          identity.push({ field: 'reference', from: current.reference, to: next.reference });
        }
        const details = proposed
          ? diffDetails(vault.open(current.detailsSealed, id), proposed.details)
          : [];
        if (proposed && details.length === 0 && identity.length === 0) {
          throw new AppError('validation_failed', 'These are the current payment details.', {
            errors: [{ pointer: '/details', message: 'Nothing to change' }],
          });
        }
        let insertChange;
        if (identity.length > 0 || details.length > 0) {
          if (pending)
            throw CHANGE_PENDING(details.length > 0 ? '/details' : `/${identity[0]!.field}`);
          const changeId = randomUUID();
          const diff = [...identity, ...details];
          const withDetails = proposed !== undefined && details.length > 0;
          insertChange = {
            id: changeId,
            beneficiaryId: id,
            status: 'pending' as const,
            displayName: next.displayName !== current.displayName ? next.displayName : null,
            reference: next.reference !== current.reference ? next.reference : null,
            detailsChanged: withDetails,
            detailsSealed: withDetails ? vault.seal(proposed.details, changeId) : null,
            detailsMasked: withDetails ? proposed.masked : current.detailsMasked,
            diff,
            fingerprint: withDetails ? proposed.fingerprint : current.fingerprint,
            cardFieldsRequired: withDetails
              ? proposed.cardFieldsRequired
              : current.cardFieldsRequired,
            proposedBy: user.id,
            proposedAt: at,
          };
          patch.status = 'pending_change';
          events.push({
            type: 'change_proposed',
            actor: user.email,
            at,
            data: { change_id: changeId, diff },
          });
          audit.push(
            auditService.row(context, {
              action: 'beneficiary.change_propose',
              target: { type: 'beneficiary', id },
              data: { change_id: changeId, fields: diff.map((d) => d.field) },
            }),
          );
        }
        if (events.length > 0) Object.assign(patch, { updatedBy: user.id, updatedAt: at });
        return { patch, ...(insertChange ? { insertChange } : {}), events, audit };
      });
      return mutated(result);
    },

    async approve(id, changeId, user, context) {
      const proposed = await requireChange(id, changeId);
      if (proposed.status === 'pending') {
        await separationOfDuties.assertSecondPerson(
          {
            deciderId: user.id,
            initiatorId: proposed.proposedBy,
            subjectAt: proposed.proposedAt,
            subject: 'change',
            selfCode: 'change_self_approval',
            selfMessage: 'You proposed this change: a second person must approve it.',
          },
          {
            context,
            action: 'beneficiary.change_approve_refused',
            target: { type: 'beneficiary', id },
            data: { change_id: changeId },
          },
        );
      }
      const result = await repo.mutate(id, (current, pending) => {
        const change = pendingOrConflict(pending, changeId);
        if (change.proposedBy === user.id) {
          throw new AppError(
            'change_self_approval',
            'You proposed this change: a second person must approve it.',
          );
        }
        const at = clock.now();
        const identity = {
          displayName: change.displayName ?? current.displayName,
          reference: change.reference ?? current.reference,
        };
        const details =
          change.detailsChanged && change.detailsSealed !== null
            ? {
                detailsSealed: vault.seal(vault.open(change.detailsSealed, change.id), id),
                detailsMasked: change.detailsMasked,
                fingerprint: change.fingerprint,
                cardFieldsRequired: change.cardFieldsRequired,
              }
            : {};
        return {
          patch: {
            ...identity,
            ...details,
            searchText: searchTextOf({
              ...current,
              ...identity,
              masked: details.detailsMasked ?? current.detailsMasked,
            }),
            status: 'active',
            updatedBy: user.id,
            updatedAt: at,
          },
          updateChange: {
            id: change.id,
            patch: { status: 'approved', decidedBy: user.id, decidedAt: at, detailsSealed: null },
          },
          events: [
            {
              type: 'change_approved',
              actor: user.email,
              at,
              data: { change_id: change.id, diff: change.diff },
            },
          ],
          audit: [
            auditService.row(context, {
              action: 'beneficiary.change_approve',
              target: { type: 'beneficiary', id },
              data: { change_id: change.id, fields: change.diff.map((d) => d.field) },
            }),
          ],
        };
      });
      return mutated(result);
    },

    async reject(id, changeId, user, { reason }, context) {
      await requireChange(id, changeId);
      const result = await repo.mutate(id, (_current, pending) => {
        const change = pendingOrConflict(pending, changeId);
        const at = clock.now();
        return {
          patch: { status: 'active', updatedBy: user.id, updatedAt: at },
          updateChange: {
            id: change.id,
            patch: {
              status: 'rejected',
              decidedBy: user.id,
              decidedAt: at,
              reason,
              detailsSealed: null,
            },
          },
          events: [
            {
              type: 'change_rejected',
              actor: user.email,
              at,
              data: { change_id: change.id, reason },
            },
          ],
          audit: [
            auditService.row(context, {
              action: 'beneficiary.change_reject',
              target: { type: 'beneficiary', id },
              data: { change_id: change.id, reason },
            }),
          ],
        };
      });
      return mutated(result);
    },

    async archive(id, user, context) {
      requireUuid(id);
      const result = await repo.mutate(id, (current, pending) => {
        if (current.status === 'archived') throw ARCHIVED();
        const at = clock.now();
        const reason = 'The beneficiary was archived.';
        return {
          patch: { status: 'archived', updatedBy: user.id, updatedAt: at },
          // A change of an archived payee's details is closed with it, never approved later.
          ...(pending
            ? {
                updateChange: {
                  id: pending.id,
                  patch: {
                    status: 'rejected' as const,
                    decidedBy: user.id,
                    decidedAt: at,
                    reason,
                    detailsSealed: null,
                  },
                },
              }
            : {}),
          events: [
            ...(pending
              ? [
                  {
                    type: 'change_rejected',
                    actor: user.email,
                    at,
                    data: { change_id: pending.id, reason },
                  },
                ]
              : []),
            { type: 'archived', actor: user.email, at, data: { reference: current.reference } },
          ],
          audit: [
            auditService.row(context, {
              action: 'beneficiary.archive',
              target: { type: 'beneficiary', id },
              data: {
                reference: current.reference,
                ...(pending ? { closed_change_id: pending.id } : {}),
              },
            }),
          ],
        };
      });
      return mutated(result);
    },
  };
}
