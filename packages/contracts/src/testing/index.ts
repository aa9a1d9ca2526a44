export * from './random.js';
export * from './samples.js';
export * from './factories.js';
export * from './arbitraries.js';
export * from './batchArbitraries.js';
export { createContractsAjv } from '../contractsAjv.js';
