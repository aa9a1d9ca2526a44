/// <reference types="node" />
// Root files type-check in ESLint's default project, which has no Node types of its own.
import fc from 'fast-check';

/**
 * Every project's setup file (vitest.shared.ts). In CI (CI=true) or with FC_SEED set, every
 * property test draws from one fixed seed (FC_SEED, default 42), so a red CI run replays locally
 * with the same FC_SEED; elsewhere each run draws a fresh seed and finds new cases. fast-check
 * prints the seed (and the path) of any failure either way.
 */
const pinned = process.env['CI'] === 'true' || process.env['FC_SEED'] !== undefined;
if (pinned) {
  const seed = Number(process.env['FC_SEED'] ?? 42);
  if (!Number.isSafeInteger(seed))
    throw new Error(`FC_SEED must be an integer, got ${process.env['FC_SEED']}`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
