export * from './batchFileModel.js';
export * from './batchLimits.js';
export * from './batchCsv.js';
export * from './batchTemplate.js';
export * from './validateBatchRows.js';
export * from './batchFileProblems.js';
export * from './batchAmounts.js';
