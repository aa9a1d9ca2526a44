import type { Corridor } from '@payouts/contracts';
import type { Sandbox } from '@payouts/orchestrator-sandbox';
import type { DepositPsp, KnownPsp } from './config.js';
import type { DemoOrchestratorFacts } from './features/demoSeed/demoSeed.js';

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

/** The sandbox's magic amounts and test cards, as the demo history needs them. */
export interface SandboxDemoTables {
  SANDBOX_MAGIC_AMOUNTS: {
    decline: { decline_code: string; decline_reason: string };
    businessRefusal: { message: string };
  };
  SANDBOX_TEST_CARDS: Readonly<
    Record<
      string,
      { number: string; outcome: string; decline_code?: string; decline_reason?: string }
    >
  >;
  magicAmountOf(amount: string): string | undefined;
}

/**
 * The demo history's orchestrator facts, from the sandbox itself: its real decline codes and
 * reasons (the magic decline amount, any payout type; the decline test cards, cards only), its
 * business-rule refusal, and the amounts that would ask it for special behaviour.
 */
export function demoFactsOfSandbox(tables: SandboxDemoTables): DemoOrchestratorFacts {
  const { decline, businessRefusal } = tables.SANDBOX_MAGIC_AMOUNTS;
  const cards = Object.values(tables.SANDBOX_TEST_CARDS).flatMap((card) =>
    card.outcome === 'declined' && card.decline_code && card.decline_reason
      ? [{ code: card.decline_code, reason: card.decline_reason, cardNumber: card.number }]
      : [],
  );
  return {
    declines: [{ code: decline.decline_code, reason: decline.decline_reason }, ...cards],
    refusalMessage: businessRefusal.message,
    isSpecialAmount: (amount) => tables.magicAmountOf(amount) !== undefined,
  };
}
