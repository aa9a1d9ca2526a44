import { z } from 'zod';
import {
  COUNTRY_CODE_RE as COUNTRY,
  CURRENCY_CODE_RE as CURRENCY,
  DECIMAL_STRING_RE as DECIMAL,
  splitList,
  type Corridor,
} from '@payouts/contracts';

/** The parsers of config.ts's structured values: lists, pairs and secrets in one env string. */

/** A PSP the merchant has credentials for, as configured (the orchestrator lists only enabled ones). */
export interface KnownPsp {
  name: string;
  title: string;
}

/** A PSP the card-deposit console may target, with its merchant accounts (MID aliases). */
export interface DepositPsp {
  name: string;
  title: string;
  mids: string[];
  /** Whether it wants device data from the fingerprint step; null when not known. */
  needs_fingerprint: boolean | null;
}

/** An amount per currency: its own, else the `*` default, else none. */
export interface AmountsByCurrency {
  byCurrency: Record<string, string>;
  /** `*=amount`: the threshold of every currency not listed. */
  default: string | undefined;
}

/** The amount of `currency`: its own, else the `*` default, else undefined (no limit). */
export function amountFor(amounts: AmountsByCurrency, currency: string): string | undefined {
  return amounts.byCurrency[currency] ?? amounts.default;
}

export const positiveInt = (max: number) => z.coerce.number().int().positive().max(max);
export const flag = z.stringbool({
  truthy: ['1', 'true', 'yes', 'on'],
  falsy: ['0', 'false', 'no', 'off'],
});

/** `CUR=amount` pairs, `*` for every other currency, or `none`. */
export const amountsByCurrency = (example: string) =>
  z.string().transform((value, ctx): AmountsByCurrency => {
    const out: AmountsByCurrency = { byCurrency: {}, default: undefined };
    if (/^none$/i.test(value)) return out;
    for (const part of splitList(value)) {
      const [currency, amount, extra] = part.split('=').map((s) => s.trim().toUpperCase());
      if (
        !currency ||
        !amount ||
        extra !== undefined ||
        !(currency === '*' || CURRENCY.test(currency)) ||
        !DECIMAL.test(amount)
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `expected "none" or CUR=amount pairs like ${example} (* = any other currency)`,
        });
        return z.NEVER;
      }
      if (currency === '*') out.default = amount;
      else out.byCurrency[currency] = amount;
    }
    return out;
  });

export const corridors = z.string().transform((value, ctx) => {
  const out: Corridor[] = [];
  for (const part of splitList(value)) {
    const [country, currency, extra] = part.split(':').map((s) => s.trim().toUpperCase());
    if (
      !country ||
      !currency ||
      extra !== undefined ||
      !COUNTRY.test(country) ||
      !CURRENCY.test(currency)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected COUNTRY:CURRENCY pairs like "BE:EUR,US:USD"',
      });
      return z.NEVER;
    }
    out.push({ country, currency });
  }
  return out;
});

const PSP_CODE = /^[A-Za-z0-9_.-]{1,100}$/;
const MID_ALIAS = /^[A-Za-z0-9_.-]{1,100}$/;

export const knownPsps = z.string().transform((value, ctx) => {
  const out: KnownPsp[] = [];
  for (const part of splitList(value)) {
    const at = part.indexOf(':');
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    const title = (at < 0 ? name : part.slice(at + 1)).trim();
    if (!PSP_CODE.test(name) || title === '') {
      ctx.addIssue({
        code: 'custom',
        message: 'expected code:Title pairs like "northwind_pay:Northwind Pay,harbor:Harbor"',
      });
      return z.NEVER;
    }
    out.push({ name, title });
  }
  return out;
});

export const depositPsps = z.string().transform((value, ctx) => {
  const out: DepositPsp[] = [];
  for (const part of splitList(value)) {
    const [name = '', title = '', aliases = '', extra] = part.split(':').map((s) => s.trim());
    const mids = aliases
      .split('|')
      .map((a) => a.trim())
      .filter(Boolean);
    if (
      !PSP_CODE.test(name) ||
      title === '' ||
      extra !== undefined ||
      mids.length === 0 ||
      !mids.every((m) => MID_ALIAS.test(m))
    ) {
      ctx.addIssue({
        code: 'custom',
        message:
          'expected code:Title:alias1|alias2 entries like "northwind_pay:Northwind Pay:eu-main|uk"',
      });
      return z.NEVER;
    }
    out.push({ name, title, mids, needs_fingerprint: null });
  }
  return out;
});

export const trustProxy = z.string().transform((value): boolean | number | string => {
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
});

export const payoutDataKeys = z.string().transform((value, ctx) => {
  const keys = value.split(',').map((k) => k.trim());
  if (keys.some((k) => k.length < 32) || new Set(keys).size !== keys.length) {
    // Never the value: these are secrets.
    ctx.addIssue({
      code: 'custom',
      message: 'expected distinct comma-separated keys of at least 32 characters each (new,old)',
    });
    return z.NEVER;
  }
  return keys;
});

/** ISO 4217 codes this Node knows; anything else in a corridor is a crypto asset or a token. */
const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/**
 * Corridors whose currency is no ISO 4217 currency (BTC, ETH, USDT…) and has no amount of its
 * own: a catch-all `*` amount, meant for fiat, would apply to it unchanged.
 */
export function cryptoCurrenciesWithoutOwnAmount(
  corridors: readonly Corridor[],
  amounts: AmountsByCurrency,
): string[] {
  const out = new Set<string>();
  for (const { currency } of corridors) {
    if (!ISO_CURRENCIES.has(currency) && amounts.byCurrency[currency] === undefined) {
      out.add(currency);
    }
  }
  return [...out].sort();
}

const ROLE_NAMES = ['finance', 'support', 'admin'] as const;
type RoleName = (typeof ROLE_NAMES)[number];
const isRole = (value: string): value is RoleName =>
  (ROLE_NAMES as readonly string[]).includes(value);

/** One `group=role` pair of OIDC_ROLE_MAP; the first listed group a user has decides. */
export interface OidcRoleMapping {
  group: string;
  role: RoleName;
}

/** `payouts-finance=finance,payouts-admin=admin`: groups of the role claim to roles, in order. */
export const oidcRoleMap = z.string().transform((value, ctx): OidcRoleMapping[] => {
  const out: OidcRoleMapping[] = [];
  for (const part of splitList(value)) {
    const at = part.lastIndexOf('=');
    const group = part.slice(0, at).trim();
    const role = part
      .slice(at + 1)
      .trim()
      .toLowerCase();
    if (at <= 0 || !group || !isRole(role)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected group=role pairs with a role of ${ROLE_NAMES.join(', ')}, like "payouts-finance=finance,payouts-admin=admin"`,
      });
      return z.NEVER;
    }
    if (out.some((m) => m.group === group)) {
      ctx.addIssue({ code: 'custom', message: 'a group is listed twice' });
      return z.NEVER;
    }
    out.push({ group, role });
  }
  if (out.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'expected at least one group=role pair' });
    return z.NEVER;
  }
  return out;
});

/** `finance,admin`, or `none`. */
export const roleList = z.string().transform((value, ctx): RoleName[] => {
  if (/^none$/i.test(value)) return [];
  const roles = splitList(value).map((p) => p.toLowerCase());
  const bad = roles.filter((r) => !isRole(r));
  if (bad.length > 0 || roles.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `expected roles among ${ROLE_NAMES.join(', ')} separated by commas, or none`,
    });
    return z.NEVER;
  }
  return [...new Set(roles)] as RoleName[];
});
