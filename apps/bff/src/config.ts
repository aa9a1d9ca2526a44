import { createHmac, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEMO_APPROVAL_POLICY,
  policyFromThresholds,
  type ApprovalPolicy,
  type Corridor,
} from '@payouts/contracts';
import {
  amountsByCurrency,
  corridors,
  depositPsps,
  flag,
  knownPsps,
  payoutDataKeys,
  positiveInt,
  oidcRoleMap,
  roleList,
  trustProxy,
  type AmountsByCurrency,
  type OidcRoleMapping,
  type DepositPsp,
  type KnownPsp,
} from './configValues.js';
import type { OrchestratorApiVersion } from '@payouts/orchestrator-client';
import type { Role } from '@payouts/contracts';

export type { AmountsByCurrency, DepositPsp, KnownPsp, OidcRoleMapping } from './configValues.js';
/** Four eyes: above these amounts a payout needs a second person. */
export type ApprovalThresholds = AmountsByCurrency;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  host: string;
  port: number;
  /** Where browsers reach the app; its origin is the only one allowed to change state. */
  publicUrl: URL;
  /** PUBLIC_URL unset: server.ts may correct the port once it listens (PORT=0). */
  publicUrlIsDefault: boolean;
  logLevel: LogLevel;
  /** Demo mode: embedded sandbox or `DEMO=1`; seeds one user per role. */
  demo: {
    enabled: boolean;
    password: string;
    /** First start in demo mode fills an empty ledger with a 90-day history (DEMO_SEED). */
    seedHistory: boolean;
  };
  orchestrator: {
    /** `embedded`: no base URL configured, server.ts starts the bundled sandbox in-process. */
    mode: 'embedded' | 'remote';
    baseUrl: string | undefined;
    apiKey: string;
    userName: string;
    password: string;
    apiVersion: OrchestratorApiVersion;
    timeoutMs: number;
    /** Path secret of the notification webhook (the orchestrator does not sign callbacks). */
    notificationToken: string;
    /**
     * The embedded sandbox's behaviour (SANDBOX_PROFILE): `default`, or `bridgerpay`, which
     * behaves as BridgerPay's documentation allows (decision 039). Unused with a remote one.
     */
    sandboxProfile: 'default' | 'bridgerpay';
    /** Where the deposit lookup lives (ORCHESTRATOR_DEPOSIT_LOOKUP_PREFIX): `/mpi/v2` or `/mpi`. */
    depositLookupPrefix: '/mpi/v2' | '/mpi';
    /** Origins the PSPs' fingerprint pages may load from (DEPOSIT_FINGERPRINT_HOSTS). */
    fingerprintHosts: string[];
  };
  database: {
    /** PostgreSQL; when unset, PGlite stores the ledger in `dataDir`. */
    url: string | undefined;
    dataDir: string;
  };
  session: {
    secret: string;
    idleTimeoutMs: number;
    absoluteTimeoutMs: number;
    /** `Secure` + `__Host-` prefix when the public URL is https. */
    secureCookie: boolean;
    cookieName: string;
  };
  signIn: {
    windowMs: number;
    /** Failed sign-ins of one account in a window before each further attempt must wait. */
    maxFailuresPerAccount: number;
    /** The longest wait: the delay doubles per failure past the allowance, up to this. */
    maxDelayMs: number;
    maxFailuresPerAddress: number;
  };
  admin: { email: string; password: string } | undefined;
  /** Staff identity (docs/decisions/020). */
  auth: {
    /** `local`: passwords; `oidc`: single sign-on only (plus the break-glass admin); `both`. */
    mode: 'local' | 'oidc' | 'both';
    oidc: OidcSettings | undefined;
    /** Under `oidc`, the one admin account that may still sign in with a password (audited). */
    breakGlassEmail: string | undefined;
  };
  mfa: {
    /** Users of these roles must enrol a second factor before anything else. */
    requiredRoles: Role[];
    /** How long a verified factor lets step-up routes run without asking again. */
    stepUpMs: number;
  };
  /** Four eyes: above these amounts a payout needs a second person before it is sent. */
  approvalThresholds: ApprovalThresholds;
  /**
   * Who must approve what: the first matching rule of this policy is frozen on each
   * new payout. From APPROVAL_THRESHOLDS when set, else the demo policy in demo mode, else none.
   */
  approvalPolicy: ApprovalPolicy;
  /**
   * An approval does not count when the approver's account was created, re-roled or reset by
   * the payout's creator less than this long ago (0: off).
   */
  approvalCooldownMs: number;
  /**
   * An approved policy change that lets some payout through with less approval takes effect
   * this long after its approval, and any admin can cancel it meanwhile (0: at once).
   */
  policyWeakeningDelayMs: number;
  /** The largest amount of a lab test payout, per currency. */
  labMaxAmounts: AmountsByCurrency;
  /** The background reconciler of unknown and non-final payouts. */
  reconciler: {
    /** false: never started by startServer (tests drive `runOnce` themselves). */
    enabled: boolean;
    intervalMs: number;
    /**
     * Not found at the orchestrator this long after the outcome went unknown: handed to a
     * person, or re-sent with the same order id when `refusesDuplicateOrderId`.
     */
    graceMs: number;
    /** How long after the outcome went unknown lookups by order id go on (lists lag). */
    lookupMs: number;
    /**
     * The operator declared that the orchestrator refuses a reused order id
     * (ORCHESTRATOR_REFUSES_DUPLICATE_ORDER_ID): only then is an unknown payout re-sent.
     */
    refusesDuplicateOrderId: boolean;
    /** First delay between status checks of a non-final payout; doubles up to `maxBackoffMs`. */
    backoffMs: number;
    maxBackoffMs: number;
    batchSize: number;
  };
  /** Batch payouts: how this process sends rows from the queue. */
  batches: {
    /** false: startServer does not start the queue worker (tests start it themselves). */
    workerEnabled: boolean;
    /** Rows sent at once by this process, and at most this many to one PSP. */
    sendConcurrency: number;
    /** How often lost jobs are queued again and finished batches completed. */
    sweepIntervalMs: number;
    /** A row queued this long without being taken is queued again. */
    requeueAfterMs: number;
  };
  /** A non-final payout older than this is flagged for a human (`needs_attention`). */
  attentionAfterMs: number;
  /**
   * Seal stored submissions (AES-256-GCM): the first seals, every one opens (rotation,
   * docs/decisions/011). PAYOUT_DATA_KEYS, else PAYOUT_DATA_KEY, else derived from the session secret.
   */
  payoutDataKeys: string[];
  /** No payout data key nor SESSION_SECRET set: the key changes at every start (see server.ts). */
  payoutDataKeyIsRandom: boolean;
  /** Undefined: take the embedded sandbox's corridors (or none against a remote orchestrator). */
  corridors: Corridor[] | undefined;
  providersCacheTtlMs: number;
  /** Undefined: the embedded sandbox's PSPs (or none against a remote orchestrator). */
  knownPsps: KnownPsp[] | undefined;
  /** Undefined: the embedded sandbox's deposit PSPs and MIDs (or none remotely). */
  depositPsps: DepositPsp[] | undefined;
  /** The cashier configuration card deposits name; undefined: the embedded sandbox's. */
  cashierKey: string | undefined;
  webDistDir: string;
  trustProxy: boolean | number | string;
  /**
   * E-mail of staff notifications; undefined: SMTP_URL unset, no e-mail (the bell
   * still works). `smtpUrl` may hold a user and password: never logged (see `describeSmtp`).
   */
  mail: { smtpUrl: string; from: string } | undefined;
  /** Prometheus metrics at `/metrics`: off (404) without METRICS_TOKEN. */
  metrics: { token: string | undefined };
  /** OpenTelemetry traces: on when OTEL_TRACES_EXPORTER or an OTLP endpoint is set. */
  tracing: { enabled: boolean };
  /** Human-readable notes on the defaults in use, for the startup log (no secret values). */
  defaultsUsed: string[];
}

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** The sign-in button's "Sign in with <name>". */
  providerName: string;
  /** `PUBLIC_URL` + `/api/auth/oidc/callback`: register it at the provider. */
  redirectUri: URL;
  /** The ID token / userinfo claim holding the user's groups (a string or a list). */
  roleClaim: string;
  roleMap: OidcRoleMapping[];
  /** How often a signed-in user is checked again at the provider (refresh grant). */
  recheckMs: number;
  /** The provider's `amr`/`acr` saying MFA satisfies MFA_REQUIRED_ROLES. */
  trustMfa: boolean;
}

export interface ConfigIssue {
  key: string;
  message: string;
}

/** Startup refuses to run with a bad environment; the message names every bad key (never a value). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly issues: ConfigIssue[]) {
    super(
      `Invalid configuration (${issues.length} problem${issues.length === 1 ? '' : 's'}):\n` +
        issues.map((i) => `  - ${i.key}: ${i.message}`).join('\n'),
    );
  }
}

/** The path versions the orchestrator client speaks; anything else must stop startup. */
const ORCHESTRATOR_API_VERSIONS = ['v1', 'v2'] as const satisfies readonly OrchestratorApiVersion[];
// Fails to compile when the client learns a version this list does not name.
const _everyClientVersionListed = (
  version: OrchestratorApiVersion,
): (typeof ORCHESTRATOR_API_VERSIONS)[number] => version;

const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The demo's four eyes: a catch-all `*` alone would let 9,999 BTC through like 9,999 EUR, so the
 * sandbox's crypto currencies have their own (decision 013).
 */
const DEMO_APPROVAL_THRESHOLDS: ApprovalThresholds = {
  byCurrency: { BTC: '0.5', ETH: '5', USDT: '10000' },
  default: '10000',
};

/** Lab payouts test a route, not move money: small amounts, crypto ones smaller still. */
const DEFAULT_LAB_MAX_AMOUNTS: AmountsByCurrency = {
  byCurrency: { BTC: '0.001', ETH: '0.03' },
  default: '100',
};

const httpUrl = z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' });

const envSchema = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: httpUrl.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  DEMO: flag.default(false),
  DEMO_PASSWORD: z.string().min(8).default('demo-password'),
  DEMO_SEED: flag.default(true),
  ORCHESTRATOR_BASE_URL: httpUrl.optional(),
  ORCHESTRATOR_API_KEY: z.string().min(1).optional(),
  ORCHESTRATOR_USER_NAME: z.string().min(1).optional(),
  ORCHESTRATOR_PASSWORD: z.string().min(1).optional(),
  ORCHESTRATOR_API_VERSION: z
    .enum(ORCHESTRATOR_API_VERSIONS, {
      message: `expected one of ${ORCHESTRATOR_API_VERSIONS.join(', ')}`,
    })
    .default('v2'),
  ORCHESTRATOR_TIMEOUT_MS: positiveInt(600_000).default(15_000),
  ORCHESTRATOR_NOTIFICATION_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,}$/, 'expected at least 24 URL-safe characters')
    .optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'expected a postgres:// URL' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: positiveInt(24 * 60).default(30),
  SESSION_ABSOLUTE_HOURS: positiveInt(24 * 30).default(8),
  SIGN_IN_WINDOW_MINUTES: positiveInt(24 * 60).default(15),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: positiveInt(1000).default(5),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: positiveInt(100_000).default(30),
  SIGN_IN_MAX_DELAY_SECONDS: positiveInt(3600).default(60),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'expected at least 12 characters').optional(),
  APPROVAL_THRESHOLDS: amountsByCurrency('"EUR=10000,*=5000"').optional(),
  APPROVAL_COOLDOWN_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .default(24),
  POLICY_WEAKENING_DELAY_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  LAB_MAX_AMOUNT: amountsByCurrency('"EUR=100,BTC=0.001,*=100"').optional(),
  RECONCILER: flag.default(true),
  RECONCILE_INTERVAL_SECONDS: positiveInt(3600).default(5),
  BATCH_WORKER: flag.default(true),
  BATCH_SEND_CONCURRENCY: positiveInt(64).default(8),
  BATCH_SWEEP_INTERVAL_MS: positiveInt(600_000).default(2_000),
  BATCH_REQUEUE_AFTER_MS: positiveInt(3_600_000).default(60_000),
  RECONCILE_GRACE_SECONDS: positiveInt(24 * 3600).default(900),
  RECONCILE_LOOKUP_HOURS: positiveInt(24 * 90).default(72),
  ORCHESTRATOR_REFUSES_DUPLICATE_ORDER_ID: flag.default(false),
  DEPOSIT_FINGERPRINT_HOSTS: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              /^https:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i,
              'expected https origins such as https://collector.psp.example or https://*.psp.example',
            ),
        )
        .max(20),
    )
    .optional(),
  ORCHESTRATOR_DEPOSIT_LOOKUP_PREFIX: z
    .enum(['/mpi/v2', '/mpi'], { message: 'expected /mpi/v2 or /mpi' })
    .default('/mpi/v2'),
  SANDBOX_PROFILE: z
    .enum(['default', 'bridgerpay'], { message: 'expected default or bridgerpay' })
    .default('default'),
  RECONCILE_BACKOFF_SECONDS: positiveInt(3600).default(10),
  RECONCILE_MAX_BACKOFF_SECONDS: positiveInt(24 * 3600).default(900),
  RECONCILE_BATCH_SIZE: positiveInt(1000).default(50),
  ATTENTION_AFTER_MINUTES: positiveInt(30 * 24 * 60).default(60),
  PAYOUT_DATA_KEY: z.string().min(32, 'expected at least 32 characters').optional(),
  PAYOUT_DATA_KEYS: payoutDataKeys.optional(),
  CORRIDORS: corridors.optional(),
  PROVIDERS_CACHE_TTL_SECONDS: positiveInt(7 * 24 * 3600).default(300),
  KNOWN_PSPS: knownPsps.optional(),
  DEPOSIT_PSPS: depositPsps.optional(),
  ORCHESTRATOR_CASHIER_KEY: z.string().min(1).max(200).optional(),
  WEB_DIST_DIR: z.string().min(1).default(DEFAULT_WEB_DIST_DIR),
  TRUST_PROXY: trustProxy.default(false),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, message: 'expected an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.email('expected an e-mail address').optional(),
  // Read by the OpenTelemetry SDK itself (with the other OTEL_* variables); here only to know
  // whether to start it: traces are off unless one of them is set (and the exporter not `none`).
  OTEL_TRACES_EXPORTER: z.string().min(1).max(200).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,200}$/, 'expected 24 to 200 visible characters')
    .optional(),
  AUTH_MODE: z
    .enum(['local', 'oidc', 'both'], { message: 'expected local, oidc or both' })
    .optional(),
  OIDC_ISSUER: httpUrl.optional(),
  OIDC_CLIENT_ID: z.string().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  OIDC_PROVIDER_NAME: z.string().min(1).max(60).optional(),
  OIDC_ROLE_CLAIM: z.string().min(1).max(200).default('groups'),
  OIDC_ROLE_MAP: oidcRoleMap.optional(),
  OIDC_RECHECK_MINUTES: positiveInt(24 * 60).default(15),
  OIDC_TRUST_MFA: flag.default(false),
  BREAK_GLASS_EMAIL: z.email().optional(),
  MFA_REQUIRED_ROLES: roleList.optional(),
  // Fractions allowed (0.5 = 30 s): the browser journeys wait for a step-up to go stale.
  STEP_UP_MINUTES: z.coerce.number().positive().max(60).default(5),
});

/** Every environment key the BFF reads (`.env.example` and the README list each one). */
export const CONFIG_KEYS = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

type Env = Record<string, string | undefined>;

/**
 * Parses the environment once. Every key is checked, and every bad key is reported together,
 * so a misconfigured deployment is fixed in one round trip.
 */
export function parseConfig(rawEnv: Env): Config {
  // `KEY=` in an env file means "unset", not "empty value".
  const env: Env = {};
  for (const [key, value] of Object.entries(rawEnv)) {
    if (value !== undefined && value.trim() !== '') env[key] = value.trim();
  }

  const issues: ConfigIssue[] = [];
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push({ key: String(issue.path[0] ?? '(environment)'), message: issue.message });
    }
  }

  // Cross-key rules read the raw strings so they are reported even when other keys are bad.
  const remote = env.ORCHESTRATOR_BASE_URL !== undefined;
  const demo = !remote || /^(1|true|yes|on)$/i.test(env.DEMO ?? '');
  if (remote) {
    for (const key of ['ORCHESTRATOR_API_KEY', 'ORCHESTRATOR_USER_NAME', 'ORCHESTRATOR_PASSWORD']) {
      if (env[key] === undefined) {
        issues.push({ key, message: 'required when ORCHESTRATOR_BASE_URL is set' });
      }
    }
  }
  if (!demo && env.SESSION_SECRET === undefined) {
    issues.push({ key: 'SESSION_SECRET', message: 'required outside demo mode (32+ characters)' });
  }
  if (env.PAYOUT_DATA_KEYS !== undefined && env.PAYOUT_DATA_KEY !== undefined) {
    issues.push({
      key: 'PAYOUT_DATA_KEYS',
      message: 'set PAYOUT_DATA_KEYS (new,old) or PAYOUT_DATA_KEY, not both',
    });
  }
  if (env.SMTP_URL !== undefined && env.MAIL_FROM === undefined) {
    issues.push({ key: 'MAIL_FROM', message: 'required when SMTP_URL is set' });
  }
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    const missing = env.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD';
    issues.push({ key: missing, message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
  }

  const authMode = env.AUTH_MODE ?? (env.OIDC_ISSUER === undefined ? 'local' : 'both');
  if (authMode === 'oidc' || authMode === 'both') {
    for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLE_MAP']) {
      if (env[key] === undefined) {
        issues.push({ key, message: `required when AUTH_MODE is ${authMode}` });
      }
    }
  } else if (env.OIDC_ISSUER !== undefined) {
    issues.push({ key: 'AUTH_MODE', message: 'OIDC_ISSUER is set: use oidc or both' });
  }
  if (env.BREAK_GLASS_EMAIL !== undefined && authMode !== 'oidc') {
    issues.push({ key: 'BREAK_GLASS_EMAIL', message: 'only used when AUTH_MODE is oidc' });
  }

  if (issues.length > 0 || !parsed.success) throw new ConfigError(issues);
  const e = parsed.data;

  const defaultsUsed: string[] = [];
  const random = () => randomBytes(24).toString('base64url');
  if (!remote) defaultsUsed.push('embedded sandbox orchestrator (ORCHESTRATOR_BASE_URL unset)');
  const fillRandom = (value: string | undefined, key: string) => {
    if (value !== undefined) return value;
    defaultsUsed.push(`random ${key} for this run`);
    return random();
  };
  const apiKey = fillRandom(e.ORCHESTRATOR_API_KEY, 'ORCHESTRATOR_API_KEY');
  const userName = fillRandom(e.ORCHESTRATOR_USER_NAME, 'ORCHESTRATOR_USER_NAME');
  const password = fillRandom(e.ORCHESTRATOR_PASSWORD, 'ORCHESTRATOR_PASSWORD');
  const sessionSecret = fillRandom(e.SESSION_SECRET, 'SESSION_SECRET (sessions end at restart)');
  let thresholds = e.APPROVAL_THRESHOLDS;
  if (thresholds === undefined) {
    // The demo shows four eyes; a real deployment states its own limits (none by default).
    thresholds = demo ? DEMO_APPROVAL_THRESHOLDS : { byCurrency: {}, default: undefined };
    defaultsUsed.push(
      demo
        ? 'the demo approval policy: BTC above 0.5, ETH above 5, USDT above 10000, else above 10000 one approver and above 100000 two (APPROVAL_THRESHOLDS unset, demo)'
        : 'no four-eyes approval (APPROVAL_THRESHOLDS unset)',
    );
  }
  const givenPayoutDataKeys =
    e.PAYOUT_DATA_KEYS ?? (e.PAYOUT_DATA_KEY === undefined ? undefined : [e.PAYOUT_DATA_KEY]);
  if (givenPayoutDataKeys === undefined && e.SESSION_SECRET === undefined) {
    defaultsUsed.push(
      'random PAYOUT_DATA_KEY for this run (payouts awaiting approval cannot be sent after a restart)',
    );
  }
  if (e.DATABASE_URL === undefined) {
    defaultsUsed.push(`PGlite database in ${e.DATA_DIR} (DATABASE_URL unset)`);
  }
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  if (e.PUBLIC_URL === undefined)
    defaultsUsed.push(`public URL ${publicUrl.origin} (PUBLIC_URL unset)`);
  if (e.CORRIDORS === undefined) {
    defaultsUsed.push(
      remote ? 'no corridors (CORRIDORS unset)' : "the sandbox's corridors (CORRIDORS unset)",
    );
  }
  if (e.KNOWN_PSPS === undefined) {
    defaultsUsed.push(
      remote ? 'no known PSPs (KNOWN_PSPS unset)' : "the sandbox's PSPs (KNOWN_PSPS unset)",
    );
  }
  if (e.DEPOSIT_PSPS === undefined && !remote) {
    defaultsUsed.push("the sandbox's deposit PSPs and MIDs (DEPOSIT_PSPS unset)");
  }
  if (e.SMTP_URL === undefined) defaultsUsed.push('e-mail notifications off (SMTP_URL unset)');
  const secureCookie = publicUrl.protocol === 'https:';
  const mfaRequiredRoles = e.MFA_REQUIRED_ROLES ?? (demo ? [] : (['finance', 'admin'] as Role[]));
  if (e.MFA_REQUIRED_ROLES === undefined && demo) {
    defaultsUsed.push('no second factor required (MFA_REQUIRED_ROLES unset, demo)');
  }
  const oidc: OidcSettings | undefined =
    e.OIDC_ISSUER !== undefined &&
    e.OIDC_CLIENT_ID !== undefined &&
    e.OIDC_CLIENT_SECRET !== undefined &&
    e.OIDC_ROLE_MAP !== undefined &&
    authMode !== 'local'
      ? {
          issuer: new URL(e.OIDC_ISSUER),
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          providerName: e.OIDC_PROVIDER_NAME ?? new URL(e.OIDC_ISSUER).hostname,
          redirectUri: new URL('/api/auth/oidc/callback', publicUrl),
          roleClaim: e.OIDC_ROLE_CLAIM,
          roleMap: e.OIDC_ROLE_MAP,
          recheckMs: e.OIDC_RECHECK_MINUTES * 60_000,
          trustMfa: e.OIDC_TRUST_MFA,
        }
      : undefined;

  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    publicUrlIsDefault: e.PUBLIC_URL === undefined,
    logLevel: e.LOG_LEVEL,
    demo: { enabled: demo, password: e.DEMO_PASSWORD, seedHistory: demo && e.DEMO_SEED },
    orchestrator: {
      mode: remote ? 'remote' : 'embedded',
      baseUrl: e.ORCHESTRATOR_BASE_URL,
      apiKey,
      userName,
      password,
      apiVersion: e.ORCHESTRATOR_API_VERSION,
      timeoutMs: e.ORCHESTRATOR_TIMEOUT_MS,
      // Derived rather than random so the URL configured at the orchestrator survives restarts.
      notificationToken:
        e.ORCHESTRATOR_NOTIFICATION_TOKEN ??
        createHmac('sha256', sessionSecret)
          .update('orchestrator-notifications')
          .digest('base64url'),
      sandboxProfile: e.SANDBOX_PROFILE,
      depositLookupPrefix: e.ORCHESTRATOR_DEPOSIT_LOOKUP_PREFIX,
      fingerprintHosts: e.DEPOSIT_FINGERPRINT_HOSTS ?? [],
    },
    database: { url: e.DATABASE_URL, dataDir: e.DATA_DIR },
    session: {
      secret: sessionSecret,
      idleTimeoutMs: e.SESSION_IDLE_MINUTES * 60_000,
      absoluteTimeoutMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000,
      secureCookie,
      cookieName: secureCookie ? '__Host-session' : 'session',
    },
    signIn: {
      windowMs: e.SIGN_IN_WINDOW_MINUTES * 60_000,
      maxFailuresPerAccount: e.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
      maxDelayMs: e.SIGN_IN_MAX_DELAY_SECONDS * 1000,
      maxFailuresPerAddress: e.SIGN_IN_MAX_FAILURES_PER_ADDRESS,
    },
    admin:
      e.ADMIN_EMAIL !== undefined && e.ADMIN_PASSWORD !== undefined
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    auth: {
      mode: e.AUTH_MODE ?? (oidc === undefined ? 'local' : 'both'),
      oidc,
      breakGlassEmail: e.BREAK_GLASS_EMAIL?.toLowerCase(),
    },
    mfa: { requiredRoles: mfaRequiredRoles, stepUpMs: Math.round(e.STEP_UP_MINUTES * 60_000) },
    approvalThresholds: thresholds,
    approvalPolicy:
      e.APPROVAL_THRESHOLDS === undefined && demo
        ? DEMO_APPROVAL_POLICY
        : policyFromThresholds(thresholds),
    approvalCooldownMs: e.APPROVAL_COOLDOWN_HOURS * 3_600_000,
    policyWeakeningDelayMs: e.POLICY_WEAKENING_DELAY_HOURS * 3_600_000,
    labMaxAmounts: e.LAB_MAX_AMOUNT ?? DEFAULT_LAB_MAX_AMOUNTS,
    reconciler: {
      enabled: e.RECONCILER,
      intervalMs: e.RECONCILE_INTERVAL_SECONDS * 1000,
      graceMs: e.RECONCILE_GRACE_SECONDS * 1000,
      lookupMs: Math.max(e.RECONCILE_LOOKUP_HOURS * 3_600_000, e.RECONCILE_GRACE_SECONDS * 1000),
      refusesDuplicateOrderId: e.ORCHESTRATOR_REFUSES_DUPLICATE_ORDER_ID,
      backoffMs: e.RECONCILE_BACKOFF_SECONDS * 1000,
      maxBackoffMs: Math.max(e.RECONCILE_MAX_BACKOFF_SECONDS, e.RECONCILE_BACKOFF_SECONDS) * 1000,
      batchSize: e.RECONCILE_BATCH_SIZE,
    },
    batches: {
      workerEnabled: e.BATCH_WORKER,
      sendConcurrency: e.BATCH_SEND_CONCURRENCY,
      sweepIntervalMs: e.BATCH_SWEEP_INTERVAL_MS,
      requeueAfterMs: e.BATCH_REQUEUE_AFTER_MS,
    },
    attentionAfterMs: e.ATTENTION_AFTER_MINUTES * 60_000,
    payoutDataKeyIsRandom: givenPayoutDataKeys === undefined && e.SESSION_SECRET === undefined,
    payoutDataKeys: givenPayoutDataKeys ?? [
      createHmac('sha256', sessionSecret).update('payout-data-key').digest('base64url'),
    ],
    corridors: e.CORRIDORS,
    providersCacheTtlMs: e.PROVIDERS_CACHE_TTL_SECONDS * 1000,
    knownPsps: e.KNOWN_PSPS,
    depositPsps: e.DEPOSIT_PSPS,
    cashierKey: e.ORCHESTRATOR_CASHIER_KEY,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY,
    mail:
      e.SMTP_URL !== undefined && e.MAIL_FROM !== undefined
        ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM }
        : undefined,
    metrics: { token: e.METRICS_TOKEN },
    tracing: {
      enabled:
        e.OTEL_TRACES_EXPORTER !== undefined
          ? e.OTEL_TRACES_EXPORTER !== 'none'
          : e.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined,
    },
    defaultsUsed,
  };
}

/** The SMTP server for the startup log: scheme, host and port, never the user or password. */
export function describeSmtp(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`;
}

/** The one place that reads `process.env`. */
export function loadConfig(): Config {
  return parseConfig(process.env);
}

/**
 * For the create-admin command: the server's configuration, and the new account's password
 * from ADMIN_PASSWORD when set (the email comes from the command line, not ADMIN_EMAIL).
 */
export function loadCreateAdminConfig(): { config: Config; password: string | undefined } {
  const { ADMIN_EMAIL: _email, ADMIN_PASSWORD: password, ...env } = process.env;
  return { config: parseConfig(env), password: password?.trim() || undefined };
}

/**
 * Tests only: the PostgreSQL the integration suites also run against (CI sets it). Lives here
 * because this module is the one place that reads the environment.
 */
export function readTestDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url && url.trim() !== '' ? url.trim() : undefined;
}

/**
 * Tests only: the opt-in live smoke test's orchestrator (ORCHESTRATOR_LIVE_TEST_URL with
 * ORCHESTRATOR_LIVE_TEST_API_KEY, _USER_NAME, _PASSWORD and CORRIDORS), e.g. BridgerPay's
 * sandbox; undefined unless every one is set.
 */
export function readLiveTestOrchestrator():
  | { baseUrl: string; apiKey: string; userName: string; password: string; corridors: string }
  | undefined {
  const read = (key: string) => process.env[key]?.trim() || undefined;
  const baseUrl = read('ORCHESTRATOR_LIVE_TEST_URL');
  const apiKey = read('ORCHESTRATOR_LIVE_TEST_API_KEY');
  const userName = read('ORCHESTRATOR_LIVE_TEST_USER_NAME');
  const password = read('ORCHESTRATOR_LIVE_TEST_PASSWORD');
  const corridors = read('ORCHESTRATOR_LIVE_TEST_CORRIDORS') ?? 'BE:EUR';
  if (!baseUrl || !apiKey || !userName || !password) return undefined;
  return { baseUrl, apiKey, userName, password, corridors };
}
