import type { Corridor } from '@payouts/contracts';
import type { Sandbox } from '@payouts/orchestrator-sandbox';
import type { DepositPsp, KnownPsp } from './config.js';

// Wiring only (server.ts and tests): the embedded sandbox's set-up stands in for configuration.

/** The sandbox merchant's corridors: every pair any of its PSPs pays out in, enabled or not. */
export function corridorsOfSandbox(sandbox: Pick<Sandbox, 'config'>): Corridor[] {
  const seen = new Map<string, Corridor>();
  for (const psp of sandbox.config.psps) {
    for (const corridor of psp.payout_corridors) {
      seen.set(`${corridor.country}:${corridor.currency}`, corridor);
    }
  }
  return [...seen.values()];
}

/** Every PSP the sandbox merchant has credentials for, payouts enabled or not. */
export function knownPspsOfSandbox(sandbox: Pick<Sandbox, 'config'>): KnownPsp[] {
  return sandbox.config.psps.map((p) => ({ name: p.name, title: p.title }));
}

/** The sandbox PSPs that take card deposits, with their MID aliases. */
export function depositPspsOfSandbox(sandbox: Pick<Sandbox, 'config'>): DepositPsp[] {
  return sandbox.config.psps.flatMap((p) =>
    p.deposits
      ? [
          {
            name: p.name,
            title: p.title,
            mids: p.deposits.mids.map((m) => m.alias),
            needs_fingerprint: p.deposits.requires_fingerprint,
          },
        ]
      : [],
  );
}
