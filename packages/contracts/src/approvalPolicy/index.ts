export * from './approvalPolicy.js';
export * from './matchRule.js';
export * from './policyFromThresholds.js';
export * from './validatePolicy.js';
export * from './approvalPolicySchema.js';
export * from './describePolicyDiff.js';
export * from './policyWeakening.js';
