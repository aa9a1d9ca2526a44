// What the payouts feature offers the other features; they import nothing else of it (lint).
export { LEGACY_RULE, decidableBy } from './approvalEligibility.js';
export { canonicalJson } from './canonicalJson.js';
export { isSecurityCodeField, ledgerMetadata, recipientOf } from './ledgerMetadata.js';
export type { PayoutApprovals } from './payoutApprovals.js';
export { cancelDeferred } from './payoutChanges.js';
export type { BatchApprovalForRow, CreatePayoutResult, PayoutCreation } from './payoutCreation.js';
export { eventValues } from './payoutEventValues.js';
export type { NewPayoutEvent } from './payoutEventValues.js';
export { createPayoutLifecycle } from './payoutLifecycle.js';
export type { PayoutLifecycle } from './payoutLifecycle.js';
export type { PayoutQueries } from './payoutQueries.js';
export { RECONCILABLE_STATUSES, decideTransition } from './payoutStatus.js';
export type { PayoutStatusUpdates } from './payoutStatusUpdates.js';
export { createPayoutValidators } from './payoutValidators.js';
export type { PayoutViews } from './payoutViews.js';
export { createPayoutsRepository } from './payoutsRepository.js';
export type { NewPayoutRow, PayoutWithCreator, PayoutsRepository } from './payoutsRepository.js';
