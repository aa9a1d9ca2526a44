/**
 * Thrown by reply readers when a reply does not have the expected shape. The client turns it
 * into an `OrchestratorError` of kind `protocol` (with `outcomeUnknown` set for create calls).
 * Messages name the field path only, never the offending value, which could be card data.
 */
export class ReplyShapeError extends Error {
  override readonly name = 'ReplyShapeError';
}
