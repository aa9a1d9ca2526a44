export * from './jsonSchema.js';
export * from './common.js';
export * from './payoutRequest.js';
export * from './provider.js';
export * from './cardDeposit.js';
export * from './payoutResult.js';
