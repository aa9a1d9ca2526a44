import { inspect } from 'node:util';

/**
 * Every way an error tends to be turned into text: by a logger (JSON), by string
 * interpolation, by a stack trace printer and by `console.log`/`util.inspect` (which walks
 * `cause` chains and own properties, hidden ones included here).
 */
export function renderingsOf(error: unknown): string[] {
  const e = error as { stack?: unknown };
  return [
    JSON.stringify(error) ?? '',
    String(error),
    typeof e.stack === 'string' ? e.stack : '',
    inspect(error, { depth: 10, showHidden: true }),
  ];
}

/** What must never appear: exact strings, and patterns (CVVs as standalone digit groups, JWTs). */
export type Forbidden = string | RegExp;

/** The forbidden values found in any rendering of any of the errors (as their source text). */
export function leakedSecrets(
  errors: readonly unknown[],
  forbidden: readonly Forbidden[],
): string[] {
  const leaks = new Set<string>();
  for (const error of errors) {
    for (const text of renderingsOf(error)) {
      for (const f of forbidden) {
        const hit = typeof f === 'string' ? f !== '' && text.includes(f) : f.test(text);
        if (hit) leaks.add(String(f));
      }
    }
  }
  return [...leaks];
}

/**
 * A digit group standing alone: not inside a longer number (`737` in port 40737), nor inside a
 * random id, whose hex runs and hyphenated groups (`…-9173-…`, `7dc91733`) hold any digits by chance.
 */
export function standalone(digits: string): RegExp {
  return new RegExp(`(?<![\\w-])${digits}(?![\\w-])`);
}

/** Sandbox and real access tokens are JWTs: `eyJ<header>.<payload>.<signature>`. */
export const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}/;
