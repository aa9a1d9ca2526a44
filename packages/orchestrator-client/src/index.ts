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
} from './OrchestratorClient.js';
export {
  ORCHESTRATOR_ERROR_KINDS,
  OrchestratorError,
  isOrchestratorError,
  type OrchestratorErrorInit,
  type OrchestratorErrorKind,
} from './errors/OrchestratorError.js';
export { parseNotification } from './notifications/parseNotification.js';
