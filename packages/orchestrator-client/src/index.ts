export { createOrchestratorClient } from './createOrchestratorClient.js';
export type {
  CallOptions,
  DepositCallOptions,
  FingerprintQuery,
  ListPayoutsQuery,
  OrchestratorApiVersion,
  OrchestratorCallInfo,
  OrchestratorClient,
  OrchestratorClientOptions,
  OrchestratorExchange,
  OrchestratorLogger,
  OrchestratorOperation,
  PayoutPage,
  UnreadablePayoutRecord,
} from './OrchestratorClient.js';
export {
  ORCHESTRATOR_ERROR_KINDS,
  OrchestratorError,
  isOrchestratorError,
  type OrchestratorErrorInit,
  type OrchestratorErrorKind,
} from './errors/OrchestratorError.js';
export { parseNotification, type ParsedNotification } from './notifications/parseNotification.js';
