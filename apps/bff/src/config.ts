import { createHmac, randomBytes } from 'node:crypto';
import { DEMO_APPROVAL_POLICY, policyFromThresholds } from '@payouts/contracts';
import type { Role } from '@payouts/contracts';

export type { AmountsByCurrency, DepositPsp, KnownPsp, OidcRoleMapping } from './configValues.js';
export * from './configTypes.js';
export { CONFIG_KEYS } from './configEnv.js';
import { DEFAULT_LAB_MAX_AMOUNTS, DEMO_APPROVAL_THRESHOLDS, envSchema } from './configEnv.js';
import { ConfigError, type Config, type ConfigIssue, type OidcSettings } from './configTypes.js';

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
        ? 'the demo approval policy: BTC above 0.5, ETH above 5, USDT above 10000, JPY above 1500000 and MXN above 200000 one approver (ten times that, two), any other currency above 10000 one and above 100000 two (APPROVAL_THRESHOLDS unset, demo)'
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
  if (e.SMTP_URL === undefined) {
    defaultsUsed.push(
      demo
        ? 'e-mail kept in the demo mailbox at /mailbox (SMTP_URL unset)'
        : 'e-mail off: notifications in the bell only, no invitations (SMTP_URL unset)',
    );
  }
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
    duplicateWindowMs: e.DUPLICATE_WINDOW_DAYS * 86_400_000,
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
