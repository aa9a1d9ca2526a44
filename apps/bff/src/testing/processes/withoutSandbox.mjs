// `node --import ./withoutSandbox.mjs`: the process runs as on an install without the sandbox
// package (`npm ci --omit=dev`): resolving `@payouts/orchestrator-sandbox` fails as a missing
// package does, and each attempt is appended to the file named by SANDBOX_IMPORT_LOG.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const SANDBOX = '@payouts/orchestrator-sandbox';

// The same file is the hooks module: registered from the main thread, loaded in the hooks thread.
if (isMainThread) register(import.meta.url);

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  if (specifier === SANDBOX || specifier.startsWith(`${SANDBOX}/`)) {
    const log = process.env['SANDBOX_IMPORT_LOG'];
    if (log) appendFileSync(log, `${specifier}\n`);
    const error = new Error(
      `Cannot find package '${specifier}' imported from ${context.parentURL}`,
    );
    Object.assign(error, { code: 'ERR_MODULE_NOT_FOUND' });
    throw error;
  }
  return nextResolve(specifier, context);
}
