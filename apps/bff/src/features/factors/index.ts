// What the factors feature offers the other features; they import nothing else of it (lint).
export { FACTOR_ACCOUNT_FREE_FAILURES } from './factorLockout.js';
export { createFactorsRepository } from './factorsRepository.js';
export { createFactorsRouter } from './factorsRouter.js';
export { createFactorsService } from './factorsService.js';
export { createPasskeys } from './passkeys.js';
export { createRecoveryCodeHasher } from './recoveryCodes.js';
