export { createSandbox, SANDBOX_DEFAULT_CREDENTIALS } from './createSandbox.js';
export { SANDBOX_TEST_CARDS } from './deposits/testCards.js';
export { SANDBOX_MAGIC_AMOUNTS, magicAmountOf, magicSuffix } from './payouts/magicAmounts.js';
export type { MagicAmountName } from './payouts/magicAmounts.js';
export { defaultSandboxConfig } from './providers/defaultSandboxConfig.js';
export { describeProviderAvailability } from './providers/describeProviderAvailability.js';
export type {
  ProviderAvailability,
  ProviderUnavailableReason,
} from './providers/describeProviderAvailability.js';
export type {
  CardBrand,
  SandboxDepositConfig,
  SandboxMid,
  SandboxProviderConfig,
  SandboxPsp,
} from './providers/SandboxProviderConfig.js';
export {
  FAULT_KINDS,
  OFF_LIST_PAYOUT_STATUSES,
  SANDBOX_PROFILES,
  SANDBOX_ROUTES,
} from './types.js';
export type {
  CreateCall,
  CreateCallOutcome,
  FaultKind,
  FaultRule,
  NotificationMode,
  RestoredPayout,
  Sandbox,
  SandboxCredentials,
  SandboxDeposit,
  SandboxLogger,
  SandboxNotification,
  SandboxOptions,
  StatusCall,
  SandboxPayout,
  SandboxPayoutStatus,
  SandboxProfile,
  SandboxRoute,
  SentNotification,
  StatusChange,
} from './types.js';
