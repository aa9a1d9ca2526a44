import type { ApprovalPolicy } from '@payouts/contracts';
import { regionName } from '../../components/regionName.js';
import { useCorridors } from '../providers/useCorridors.js';
import { usePayoutFilterOptions } from '../payouts/usePayoutFilterOptions.js';

export interface DryRunChoice {
  value: string;
  label: string;
}

const byLabel = (a: DryRunChoice, b: DryRunChoice) => a.label.localeCompare(b.label);

/**
 * What "Try a payout" offers to pick: every PSP configured or in the ledger (by title) and every
 * country of the merchant's corridors, plus any PSP or country a rule of the policies names, so
 * each rule can be tried. Both lists are empty until they load.
 */
export function useDryRunChoices(policies: readonly (ApprovalPolicy | undefined)[]): {
  psps: DryRunChoice[];
  countries: DryRunChoice[];
} {
  const options = usePayoutFilterOptions(true);
  const corridors = useCorridors();
  const conditions = policies.flatMap((p) => p?.rules.map((r) => r.conditions) ?? []);

  const psps = new Map<string, string>();
  for (const p of options.data?.providers ?? []) {
    psps.set(p.id, p.title && p.title !== p.id ? `${p.title} (${p.id})` : p.id);
  }
  for (const id of conditions.flatMap((c) => c.providers ?? [])) {
    if (!psps.has(id)) psps.set(id, id);
  }

  const countries = new Map<string, string>();
  const named = [
    ...(corridors.data ?? []).map((c) => c.country),
    ...conditions.flatMap((c) => c.corridors?.map((k) => k.country) ?? []),
  ];
  for (const code of named) countries.set(code, `${regionName(code)} (${code})`);

  return {
    psps: [...psps].map(([value, label]) => ({ value, label })).sort(byLabel),
    countries: [...countries].map(([value, label]) => ({ value, label })).sort(byLabel),
  };
}
