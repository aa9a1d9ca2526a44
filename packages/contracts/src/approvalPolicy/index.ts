export * from './approvalPolicy.js';
export * from './matchRule.js';
export * from './policyFromThresholds.js';
