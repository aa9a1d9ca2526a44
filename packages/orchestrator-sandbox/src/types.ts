import type {
  DepositStatus,
  OrchestratorNotification,
  OrchestratorPayoutStatus,
  PayoutMethodType,
} from '@payouts/contracts';
import type { MagicAmountName } from './payouts/magicAmounts.js';
import type { CardBrand, SandboxProviderConfig } from './providers/SandboxProviderConfig.js';

/** The sandbox's routes, as fault rules name them. */
export const SANDBOX_ROUTES = [
  'login',
  'metadata',
  'create_payout',
  'list_payouts',
  'get_payout',
  'check_status',
  'fingerprint',
  'deposit',
  'deposit_lookup',
] as const;
export type SandboxRoute = (typeof SANDBOX_ROUTES)[number];

/**
 * Faults. Plain kinds strike before the request is processed (nothing is created);
 * `*_after_commit` kinds let the request do its work (a payout IS created) and then fail the
 * reply: the "unknown outcome" a caller must reconcile instead of re-sending.
 */
export const FAULT_KINDS = [
  'latency',
  'hang',
  'reset',
  'http_500',
  'http_502',
  'http_503',
  'http_429',
  'malformed_json',
  'reset_after_commit',
  'http_500_after_commit',
  'hang_after_commit',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultRule {
  kind: FaultKind;
  /** `latency`: the delay (default 1000). `http_429`: Retry-After in ms, rounded up to seconds (default 1 s). */
  ms?: number;
  /** Default `'*'`: every orchestrator route (never the /_sandbox control routes). */
  route?: SandboxRoute | '*';
  /** How many matching requests it strikes; default unlimited. */
  times?: number;
}

export type NotificationMode = 'normal' | 'duplicate' | 'reorder' | 'chaos';

/** The part of a pino logger the sandbox uses. */
export interface SandboxLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug(obj: object, msg?: string): void;
}

export interface SandboxCredentials {
  apiKey: string;
  userName: string;
  password: string;
  cashierKey: string;
}

export interface SandboxOptions {
  /** 0 or undefined: a free port. */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default `sandbox-api-key`. */
  apiKey?: string;
  /** Default `merchant@sandbox.test`. */
  userName?: string;
  /** Default `sandbox-password`. */
  password?: string;
  /** Default `sandbox-cashier`; always accepted besides the configuration's `cashier_keys`. */
  cashierKey?: string;
  /** Where notifications are POSTed; null or undefined: none are sent. */
  notifyUrl?: string | null;
  /** Access token lifetime; default 7200. */
  tokenTtlSeconds?: number;
  /** Delay before a non-final payout/deposit takes its next step; default 3000. */
  settleAfterMs?: number;
  /** Default: `defaultSandboxConfig`. */
  providers?: SandboxProviderConfig;
  /** Default `{ maxAttempts: 5, baseDelayMs: 500 }`; delays double per attempt. */
  notificationRetry?: { maxAttempts: number; baseDelayMs: number };
  /**
   * The /_sandbox HTTP control routes; default true. They can read recipients' details and
   * redirect notifications, so they answer only requests whose `Host` names this sandbox's own
   * loopback address (no DNS rebinding), and, with `controlSecret`, only with that bearer token.
   */
  controlApi?: boolean;
  /** When set, every /_sandbox request must carry `Authorization: Bearer <controlSecret>`. */
  controlSecret?: string;
  /** Clock for token expiry, dates, card expiry and due steps; default the system clock. */
  now?: () => Date;
  /** Default: pino at level "warn"; false: silent. */
  logger?: SandboxLogger | false;
  /** Seed for ids and the `chaos` notification mode; default: random ids, a fixed chaos seed. */
  seed?: number;
  /** Set false to switch the magic payout amounts off (then every amount settles to approved). */
  magicAmounts?: boolean;
  /** How long the `reorder`/`chaos` notification modes hold deliveries to shuffle them; default 100. */
  reorderWindowMs?: number;
  /**
   * A create with an order id already used: `refuse` (409, the default profile's invented rule)
   * or `accept` (a second payout, which BridgerPay's documentation does not rule out).
   */
  duplicateOrderIds?: 'refuse' | 'accept';
  /** New payouts appear in list results only this long after their creation; default 0. */
  listLagMs?: number;
  /**
   * `default`: the behaviour the back-office was built against (a reused order id refused with
   * 409, instant lists, complete notifications). `bridgerpay`: what BridgerPay's documentation
   * allows and the conformance review found: a reused order id creates a second payout, lists
   * lag, some creates commit and then time out, an e-wallet PSP in one corridor, some payouts
   * move to statuses outside the six, sparse notifications. The options below override it.
   */
  profile?: SandboxProfile;
  /** Share (0-1) of creates that commit and then never answer; default 0 (`bridgerpay`: 0.05). */
  commitThenTimeoutRate?: number;
  /**
   * Share (0-1) of payouts that move to a status outside the six: half go on hold
   * (`ApprovedOnHold`, then approved), half end `Voided`; default 0 (`bridgerpay`: 0.1).
   */
  offListStatusRate?: number;
  /** Which of those: both (`mixed`, the default), only `on_hold`, or only `voided`. */
  offListStatusKind?: 'mixed' | 'on_hold' | 'voided';
  /**
   * Notifications as sparse as the production integrators' models allow: `psp_name` null, and
   * no `operation_type`, `charge.id`, `amount` or `updated_at`; default false (`bridgerpay`: true).
   */
  sparseNotifications?: boolean;
  /** Metadata entries the back-office cannot use, per corridor `CC/CUR` (`bridgerpay`: an e-wallet PSP in BE/EUR). */
  extraMetadataEntries?: Record<string, object[]>;
}

export const SANDBOX_PROFILES = ['default', 'bridgerpay'] as const;
export type SandboxProfile = (typeof SANDBOX_PROFILES)[number];

export type CreateCallOutcome =
  'created' | 'duplicate' | 'validation' | 'rejected' | 'fault' | 'unauthorized';

/** One create-payout request as the sandbox received it. */
export interface CreateCall {
  order_id: string | null;
  outcome: CreateCallOutcome;
  /** The created payout's id (also for after-commit faults), else null. */
  payout_id: string | null;
  /** The fault that struck, if any (including magic amounts). */
  fault: FaultKind | null;
  /** ISO 8601, by the sandbox clock. */
  at: string;
}

/** One check-status request that reached the handler (faulted requests are not recorded). */
export interface StatusCall {
  /** The payout id asked about, as sent. */
  payout_id: string;
  /** Whether the sandbox knew that id (false: it answered 404). */
  found: boolean;
  /** ISO 8601, by the sandbox clock. */
  at: string;
}

export interface StatusChange<S extends string> {
  status: S;
  at: string;
}

/** A payout as the sandbox holds it (card numbers masked). */
/**
 * A payout's status at the sandbox: one of the six the list filter knows, or (profile
 * `bridgerpay`) one of BridgerPay's other payment statuses that the back-office does not know.
 */
export const OFF_LIST_PAYOUT_STATUSES = ['approved_on_hold', 'voided'] as const;
export type SandboxPayoutStatus =
  OrchestratorPayoutStatus | (typeof OFF_LIST_PAYOUT_STATUSES)[number];

export interface SandboxPayout {
  id: string;
  transaction_id: string;
  psp_order_id: string;
  order_id: string;
  psp_name: string;
  country: string;
  state: string | null;
  currency: string;
  /** Decimal string, digits exactly as received. */
  amount: string;
  payout_method_type: PayoutMethodType;
  status: SandboxPayoutStatus;
  decline_code: string | null;
  decline_reason: string | null;
  metadata: Record<string, string | number>;
  magic: MagicAmountName | null;
  created_at: string;
  updated_at: string;
  history: StatusChange<SandboxPayoutStatus>[];
}

/**
 * A non-final payout from before this (in-memory) sandbox started, as `restorePayouts` takes
 * it: the card number, if any, is masked again on the way in.
 */
export type RestoredPayout = Omit<
  SandboxPayout,
  'decline_code' | 'decline_reason' | 'magic' | 'history' | 'status'
> & {
  status: Exclude<OrchestratorPayoutStatus, 'approved' | 'declined'>;
};

/** A card deposit as the sandbox holds it: never the full card number or the CVV. */
export interface SandboxDeposit {
  id: string;
  transaction_id: string;
  psp_order_id: string;
  order_id: string;
  psp_name: string;
  mid_alias: string;
  routed: boolean;
  country: string;
  state: string | null;
  currency: string;
  amount: string;
  email: string;
  first_name: string;
  last_name: string;
  card_brand: CardBrand;
  card_bin: string;
  card_last4: string;
  status: DepositStatus;
  decline_code: string | null;
  decline_reason: string | null;
  mpi_url: string | null;
  created_at: string;
  updated_at: string;
  history: StatusChange<DepositStatus>[];
}

/** One delivery of a notification (a duplicate is a second delivery). */
/**
 * What the sandbox sends: a section-5 notification that always has its charge (the sandbox sends
 * no cashier-session notifications, the only ones without one).
 */
export type SandboxNotification = OrchestratorNotification & {
  data: { charge: NonNullable<OrchestratorNotification['data']['charge']> };
};

export interface SentNotification {
  url: string;
  /** Exactly what was POSTed. */
  body: string;
  /** The same, parsed, with the amount as a decimal string. */
  notification: SandboxNotification;
  attempts: number;
  delivered: boolean;
  /** Status of the last attempt; null after a network error. */
  httpStatus: number | null;
  error: string | null;
  /** ISO 8601 (system time) of the last attempt. */
  at: string;
}

export interface Sandbox {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:43121`. */
  url: string;
  credentials: SandboxCredentials;
  config: SandboxProviderConfig;
  faults: { add(rule: FaultRule): void; clear(): void };
  notifications: {
    setUrl(url: string | null): void;
    setMode(mode: NotificationMode): void;
    sent(): SentNotification[];
    /** Resolves when no delivery is pending (queued, held, in flight or waiting to retry). */
    idle(): Promise<void>;
  };
  /** How payout lists lag behind creates (by the sandbox clock), changeable while it runs. */
  lists: { setLagMs(ms: number): void };
  inspect: {
    createCalls(): CreateCall[];
    /** Every check-status request, in arrival order. */
    statusCalls(): StatusCall[];
    payouts(): SandboxPayout[];
    deposits(): SandboxDeposit[];
    /** Every access and refresh token the sandbox has issued (never served over HTTP). */
    issuedTokens(): string[];
  };
  /**
   * Takes one (or every) non-final payout/deposit to its final state now, firing notifications.
   * Rejects for an unknown id.
   */
  settle(id?: string): Promise<void>;
  /**
   * Knows again non-final payouts made before this (in-memory) sandbox started, e.g. a demo's
   * seeded history: each is held in its status until `settle()`, then approved. Ids or order
   * ids it knows already are skipped. Returns how many it added.
   */
  restorePayouts(payouts: readonly RestoredPayout[]): number;
  /** Stops timers and deliveries, destroys hung sockets, closes the server. */
  close(): Promise<void>;
}
