/** What the BFF's configuration is, once parsed (`parseConfig`), and how a bad one is reported. */
import type { ApprovalPolicy, Corridor, Role } from '@payouts/contracts';
import type { OrchestratorApiVersion } from '@payouts/orchestrator-client';
import type { AmountsByCurrency, DepositPsp, KnownPsp, OidcRoleMapping } from './configValues.js';

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
   * A payout to the same account (or beneficiary) for the same amount and currency within this
   * long of an earlier one is a possible duplicate: it needs an explicit "pay again"
   * (`DUPLICATE_WINDOW_DAYS`, default 7; 0 turns the check off).
   */
  duplicateWindowMs: number;
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
