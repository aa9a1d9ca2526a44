import type { Sandbox } from '@payouts/orchestrator-sandbox';
import type { E2eApp } from './app.js';

/** The embedded sandbox orchestrator of an app started by `startE2eApp` (always embedded). */
export function sandboxOf(app: E2eApp): Sandbox {
  if (!app.sandbox) throw new Error('the e2e app runs without its embedded sandbox');
  return app.sandbox;
}
