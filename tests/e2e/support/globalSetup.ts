import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
// The journeys run against the built SPA, served by the BFF exactly as `npm start` serves it.
// @ts-expect-error -- plain ESM build script shared with `npm start`, no type declarations.
import { buildStale } from '../../../scripts/buildStale.mjs';
import { createLedgerTemplate } from './ledgerTemplate.js';

export async function setup(project: TestProject): Promise<() => void> {
  (buildStale as (names: string[]) => void)(['@payouts/web']);
  const template = await createLedgerTemplate();
  project.provide('ledgerTemplateDir', template);
  return () => rmSync(template, { recursive: true, force: true });
}
