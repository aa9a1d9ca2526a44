import { FAULT_KINDS, type FaultKind, type FaultRule, type SandboxRoute } from '../types.js';

export interface FaultRegistry {
  add(rule: FaultRule): void;
  clear(): void;
  /** The first rule matching `route`, consuming one of its `times`. */
  take(route: SandboxRoute): FaultRule | undefined;
  list(): FaultRule[];
}

export function createFaultRegistry(): FaultRegistry {
  let rules: FaultRule[] = [];
  return {
    add(rule) {
      if (!FAULT_KINDS.includes(rule.kind))
        throw new Error(`Unknown fault kind: ${String(rule.kind)}`);
      if (rule.times !== undefined && (!Number.isInteger(rule.times) || rule.times < 1)) {
        throw new Error('Fault rule "times" must be a positive integer');
      }
      rules.push({ ...rule, route: rule.route ?? '*' });
    },
    clear() {
      rules = [];
    },
    take(route) {
      const index = rules.findIndex((r) => r.route === '*' || r.route === route);
      const rule = rules[index];
      if (!rule) return undefined;
      if (rule.times !== undefined) {
        rule.times -= 1;
        if (rule.times <= 0) rules.splice(index, 1);
      }
      return { ...rule };
    },
    list: () => rules.map((r) => ({ ...r })),
  };
}

/**
 * Reads `X-Sandbox-Fault: <kind>[;ms=N]`. Returns `undefined` when absent, or an error string
 * when the header names no known fault (a typo should fail loudly, not pass silently).
 */
export function parseFaultHeader(header: string | undefined): FaultRule | string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const [kindPart = '', ...params] = header.split(';').map((p) => p.trim());
  if (!(FAULT_KINDS as readonly string[]).includes(kindPart)) {
    return `Unknown X-Sandbox-Fault "${kindPart}"; expected one of ${FAULT_KINDS.join(', ')}`;
  }
  const rule: FaultRule = { kind: kindPart as FaultKind };
  for (const param of params) {
    const match = /^ms=(\d+)$/.exec(param);
    if (!match) return `Unknown X-Sandbox-Fault parameter "${param}"; expected ms=<integer>`;
    rule.ms = Number(match[1]);
  }
  return rule;
}
