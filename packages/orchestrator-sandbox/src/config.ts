import { z } from 'zod';
import { SANDBOX_DEFAULT_CREDENTIALS } from './createSandbox.js';
import { SANDBOX_PROFILES, type SandboxOptions } from './types.js';

const emptyAsUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const envSchema = z.object({
  SANDBOX_PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).max(65535).default(4010),
  ),
  SANDBOX_HOST: z.preprocess(emptyAsUndefined, z.string().default('127.0.0.1')),
  SANDBOX_API_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().default(SANDBOX_DEFAULT_CREDENTIALS.apiKey),
  ),
  SANDBOX_USER_NAME: z.preprocess(
    emptyAsUndefined,
    z.string().default(SANDBOX_DEFAULT_CREDENTIALS.userName),
  ),
  SANDBOX_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z.string().default(SANDBOX_DEFAULT_CREDENTIALS.password),
  ),
  SANDBOX_CASHIER_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().default(SANDBOX_DEFAULT_CREDENTIALS.cashierKey),
  ),
  SANDBOX_NOTIFY_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  SANDBOX_CONTROL_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'expected at least 16 characters').optional(),
  ),
  SANDBOX_PROFILE: z.preprocess(
    emptyAsUndefined,
    z.enum(SANDBOX_PROFILES, { message: 'expected default or bridgerpay' }).default('default'),
  ),
  SANDBOX_SETTLE_AFTER_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(0).default(3000),
  ),
  SANDBOX_TOKEN_TTL_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).default(7200),
  ),
  SANDBOX_LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

export interface SandboxProcessConfig {
  options: SandboxOptions & { port: number; host: string };
  logLevel: z.infer<typeof envSchema>['SANDBOX_LOG_LEVEL'];
}

/**
 * Parses the sandbox's environment (every `SANDBOX_*` key; see the README). Throws one error
 * listing every bad key, never their values (a password may be among them).
 */
export function parseSandboxEnv(env: Record<string, string | undefined>): SandboxProcessConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid sandbox configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    options: {
      port: e.SANDBOX_PORT,
      host: e.SANDBOX_HOST,
      apiKey: e.SANDBOX_API_KEY,
      userName: e.SANDBOX_USER_NAME,
      password: e.SANDBOX_PASSWORD,
      cashierKey: e.SANDBOX_CASHIER_KEY,
      notifyUrl: e.SANDBOX_NOTIFY_URL ?? null,
      settleAfterMs: e.SANDBOX_SETTLE_AFTER_MS,
      profile: e.SANDBOX_PROFILE,
      tokenTtlSeconds: e.SANDBOX_TOKEN_TTL_SECONDS,
      ...(e.SANDBOX_CONTROL_SECRET !== undefined
        ? { controlSecret: e.SANDBOX_CONTROL_SECRET }
        : {}),
    },
    logLevel: e.SANDBOX_LOG_LEVEL,
  };
}

/** The one place that reads `process.env`. */
export function readSandboxEnv(): SandboxProcessConfig {
  return parseSandboxEnv(process.env);
}
