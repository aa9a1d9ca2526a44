/** The environment the BFF reads: every key, its default and its first check (zod). */
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
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
} from './configValues.js';
import { splitList } from '@payouts/contracts';
import type { OrchestratorApiVersion } from '@payouts/orchestrator-client';

import { LOG_LEVELS, type ApprovalThresholds } from './configTypes.js';

/** The path versions the orchestrator client speaks; anything else must stop startup. */
const ORCHESTRATOR_API_VERSIONS = ['v1', 'v2'] as const satisfies readonly OrchestratorApiVersion[];
// Fails to compile when the client learns a version this list does not name.
const _everyClientVersionListed = (
  version: OrchestratorApiVersion,
): (typeof ORCHESTRATOR_API_VERSIONS)[number] => version;

const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * The demo's four eyes (its first approver), as `DEMO_APPROVAL_POLICY` sets them: a catch-all `*`
 * alone would let 9,999 BTC through like 9,999 EUR, so the sandbox's crypto currencies have their
 * own (decision 013), and so do the fiat currencies not on the euro's scale.
 */
export const DEMO_APPROVAL_THRESHOLDS: ApprovalThresholds = {
  byCurrency: { BTC: '0.5', ETH: '5', USDT: '10000', JPY: '1500000', MXN: '200000' },
  default: '10000',
};

/** Lab payouts test a route, not move money: small amounts, crypto ones smaller still. */
export const DEFAULT_LAB_MAX_AMOUNTS: AmountsByCurrency = {
  byCurrency: { BTC: '0.001', ETH: '0.03' },
  default: '100',
};

const httpUrl = z.url({ protocol: /^https?$/, message: 'expected an http(s) URL' });

export const envSchema = z.object({
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
  DUPLICATE_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(7),
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
    .transform(splitList)
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
