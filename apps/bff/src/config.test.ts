import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, describeSmtp, parseConfig } from './config.js';
import { amountFor, cryptoCurrenciesWithoutOwnAmount } from './configValues.js';

const SECRET = 'x'.repeat(40);
const remote = {
  ORCHESTRATOR_BASE_URL: 'https://orchestrator.example.com',
  ORCHESTRATOR_API_KEY: 'key-123',
  ORCHESTRATOR_USER_NAME: 'merchant',
  ORCHESTRATOR_PASSWORD: 'orchestrator-password',
  SESSION_SECRET: SECRET,
  DATABASE_URL: 'postgres://app@db.example.com:5432/payouts',
  PUBLIC_URL: 'https://payouts.example.com',
};

function issuesOf(env: Record<string, string>) {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseConfig', () => {
  it('runs with an empty environment in demo mode, naming every default it used', () => {
    const config = parseConfig({});
    expect(config.orchestrator.mode).toBe('embedded');
    expect(config.demo).toEqual({ enabled: true, password: 'demo-password', seedHistory: true });
    expect(config.port).toBe(3000);
    expect(config.publicUrl.origin).toBe('http://localhost:3000');
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toBe('./data');
    expect(config.session.idleTimeoutMs).toBe(30 * 60_000);
    expect(config.session.absoluteTimeoutMs).toBe(8 * 3_600_000);
    expect(config.session.cookieName).toBe('session');
    expect(config.orchestrator.apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(config.defaultsUsed.join('\n')).toMatch(/embedded sandbox/);
    expect(config.defaultsUsed.join('\n')).toMatch(/PGlite/);
    // Random credentials differ per start.
    expect(parseConfig({}).orchestrator.apiKey).not.toBe(config.orchestrator.apiKey);
  });

  it('lists every bad key at once, without their values', () => {
    const error = issuesOf({
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      ORCHESTRATOR_BASE_URL: 'ftp://nope',
      DATABASE_URL: 'mysql://db/x',
      SESSION_SECRET: 'short-secret-value',
      APPROVAL_THRESHOLDS: 'EUR:100',
      CORRIDORS: 'Belgium/EUR',
      ADMIN_EMAIL: 'not-an-email',
    });
    const keys = error.issues.map((i) => i.key).sort();
    expect(keys).toEqual(
      [
        'ADMIN_EMAIL',
        'ADMIN_PASSWORD',
        'APPROVAL_THRESHOLDS',
        'CORRIDORS',
        'DATABASE_URL',
        'LOG_LEVEL',
        'ORCHESTRATOR_API_KEY',
        'ORCHESTRATOR_BASE_URL',
        'ORCHESTRATOR_PASSWORD',
        'ORCHESTRATOR_USER_NAME',
        'PORT',
        'SESSION_SECRET',
      ].sort(),
    );
    for (const key of keys) expect(error.message).toContain(`- ${key}:`);
    expect(error.message).not.toContain('short-secret-value');
  });

  it('accepts only the orchestrator API versions the client speaks', () => {
    expect(parseConfig({ ORCHESTRATOR_API_VERSION: 'v1' }).orchestrator.apiVersion).toBe('v1');
    expect(parseConfig({}).orchestrator.apiVersion).toBe('v2');
    for (const bad of ['v3', 'V2', 'latest']) {
      const error = issuesOf({ ORCHESTRATOR_API_VERSION: bad, PORT: 'eighty' });
      expect(error.issues.map((i) => i.key).sort()).toEqual(['ORCHESTRATOR_API_VERSION', 'PORT']);
      expect(error.message).toMatch(/- ORCHESTRATOR_API_VERSION: expected one of v1, v2/);
    }
  });

  it('takes PAYOUT_DATA_KEYS (new,old), PAYOUT_DATA_KEY as a one-key list, not both', () => {
    const newKey = 'n'.repeat(32);
    const oldKey = 'o'.repeat(40);
    expect(
      parseConfig({ ...remote, PAYOUT_DATA_KEYS: ` ${newKey} , ${oldKey}` }).payoutDataKeys,
    ).toEqual([newKey, oldKey]);
    expect(parseConfig({ ...remote, PAYOUT_DATA_KEY: oldKey }).payoutDataKeys).toEqual([oldKey]);
    // Derived from the session secret: stable across starts, one key.
    const derived = parseConfig(remote).payoutDataKeys;
    expect(derived).toHaveLength(1);
    expect(parseConfig(remote).payoutDataKeys).toEqual(derived);
    expect(parseConfig({ PAYOUT_DATA_KEYS: newKey }).payoutDataKeyIsRandom).toBe(false);
    expect(parseConfig({}).payoutDataKeyIsRandom).toBe(true);

    const both = issuesOf({ ...remote, PAYOUT_DATA_KEYS: newKey, PAYOUT_DATA_KEY: oldKey });
    expect(both.issues.map((i) => i.key)).toEqual(['PAYOUT_DATA_KEYS']);
    for (const bad of [`${newKey},short-key`, `${newKey},`, `${newKey},${newKey}`]) {
      const error = issuesOf({ ...remote, PAYOUT_DATA_KEYS: bad });
      expect(error.issues.map((i) => i.key)).toEqual(['PAYOUT_DATA_KEYS']);
      expect(error.message).not.toContain(newKey);
      expect(error.message).not.toContain('short-key');
    }
  });

  it('requires the orchestrator credentials and a session secret against a real orchestrator', () => {
    const error = issuesOf({ ORCHESTRATOR_BASE_URL: 'https://orchestrator.example.com' });
    expect(error.issues.map((i) => i.key).sort()).toEqual([
      'ORCHESTRATOR_API_KEY',
      'ORCHESTRATOR_PASSWORD',
      'ORCHESTRATOR_USER_NAME',
      'SESSION_SECRET',
    ]);
  });

  it('configures a remote orchestrator, PostgreSQL and secure cookies for an https public URL', () => {
    const config = parseConfig({
      ...remote,
      APPROVAL_THRESHOLDS: 'eur=10000, USD=9999.99, *=500',
      CORRIDORS: 'be:eur,US:USD',
      KNOWN_PSPS: 'northwind_pay:Northwind Pay, harbor',
      SESSION_IDLE_MINUTES: '15',
      SMTP_URL: 'smtp://mail.example.com:587',
      MAIL_FROM: 'payouts@example.com',
    });
    expect(config.orchestrator).toMatchObject({
      mode: 'remote',
      baseUrl: 'https://orchestrator.example.com',
      apiKey: 'key-123',
      apiVersion: 'v2',
    });
    expect(config.demo.enabled).toBe(false);
    expect(config.session).toMatchObject({
      secureCookie: true,
      cookieName: '__Host-session',
      idleTimeoutMs: 15 * 60_000,
    });
    expect(config.approvalThresholds).toEqual({
      byCurrency: { EUR: '10000', USD: '9999.99' },
      default: '500',
    });
    expect(config.corridors).toEqual([
      { country: 'BE', currency: 'EUR' },
      { country: 'US', currency: 'USD' },
    ]);
    expect(config.defaultsUsed).toEqual([]);
  });

  it('parses the known PSPs, the deposit PSPs with their MIDs and the cashier key', () => {
    const config = parseConfig({
      ...remote,
      KNOWN_PSPS: 'northwind_pay:Northwind Pay, harbor',
      DEPOSIT_PSPS: 'northwind_pay:Northwind Pay:eu-main|uk, harbor:Harbor:default',
      ORCHESTRATOR_CASHIER_KEY: 'cashier-1',
    });
    expect(config.knownPsps).toEqual([
      { name: 'northwind_pay', title: 'Northwind Pay' },
      { name: 'harbor', title: 'harbor' },
    ]);
    expect(config.depositPsps).toEqual([
      {
        name: 'northwind_pay',
        title: 'Northwind Pay',
        mids: ['eu-main', 'uk'],
        needs_fingerprint: null,
      },
      { name: 'harbor', title: 'Harbor', mids: ['default'], needs_fingerprint: null },
    ]);
    expect(config.cashierKey).toBe('cashier-1');
    expect(() => parseConfig({ ...remote, DEPOSIT_PSPS: 'northwind_pay:Northwind Pay' })).toThrow(
      /DEPOSIT_PSPS/,
    );
    expect(() => parseConfig({ ...remote, KNOWN_PSPS: 'bad code:X' })).toThrow(/KNOWN_PSPS/);
  });

  it('derives a stable notification token from the session secret unless one is given', () => {
    const a = parseConfig(remote).orchestrator.notificationToken;
    expect(parseConfig(remote).orchestrator.notificationToken).toBe(a);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const given = 'n'.repeat(30);
    expect(
      parseConfig({ ...remote, ORCHESTRATOR_NOTIFICATION_TOKEN: given }).orchestrator
        .notificationToken,
    ).toBe(given);
  });

  it('gives crypto currencies their own demo thresholds and lab limits, and warns of a catch-all', () => {
    const demo = parseConfig({});
    expect(amountFor(demo.approvalThresholds, 'BTC')).toBe('0.5');
    expect(amountFor(demo.approvalThresholds, 'EUR')).toBe('10000');
    expect(amountFor(demo.labMaxAmounts, 'BTC')).toBe('0.001');
    expect(amountFor(demo.labMaxAmounts, 'EUR')).toBe('100');
    expect(demo.approvalCooldownMs).toBe(24 * 3_600_000);
    expect(demo.signIn.maxDelayMs).toBe(60_000);
    const corridors = [
      { country: 'DE', currency: 'BTC' },
      { country: 'DE', currency: 'EUR' },
      { country: 'US', currency: 'USDT' },
      { country: 'GB', currency: 'BTC' },
    ];
    // The demo names every crypto currency the sandbox serves: no warning.
    expect(cryptoCurrenciesWithoutOwnAmount(corridors, demo.approvalThresholds)).toEqual([]);
    const catchAll = parseConfig({ APPROVAL_THRESHOLDS: 'EUR=10000,*=5000' });
    expect(cryptoCurrenciesWithoutOwnAmount(corridors, catchAll.approvalThresholds)).toEqual([
      'BTC',
      'USDT',
    ]);
    const custom = parseConfig({
      APPROVAL_COOLDOWN_HOURS: '0',
      LAB_MAX_AMOUNT: 'eur=5,*=1',
      SIGN_IN_MAX_DELAY_SECONDS: '5',
    });
    expect(custom.approvalCooldownMs).toBe(0);
    expect(custom.labMaxAmounts).toEqual({ byCurrency: { EUR: '5' }, default: '1' });
    expect(custom.signIn.maxDelayMs).toBe(5000);
    expect(issuesOf({ LAB_MAX_AMOUNT: 'EUR=ten' }).issues.map((i) => i.key)).toEqual([
      'LAB_MAX_AMOUNT',
    ]);
  });

  it('e-mails notifications only with SMTP_URL and MAIL_FROM, and never shows the SMTP password', () => {
    const off = parseConfig({});
    expect(off.mail).toBeUndefined();
    // The embedded sandbox is the demo: its e-mail stays in the demo mailbox.
    expect(off.defaultsUsed).toContain(
      'e-mail kept in the demo mailbox at /mailbox (SMTP_URL unset)',
    );

    const url = 'smtps://mailer:smtp-password-123@mail.example.com:465';
    const on = parseConfig({ SMTP_URL: url, MAIL_FROM: 'payouts@example.com' });
    expect(on.mail).toEqual({ smtpUrl: url, from: 'payouts@example.com' });
    expect(on.defaultsUsed.join(';')).not.toMatch(/SMTP_URL|smtp-password/);
    expect(describeSmtp(url)).toBe('smtps://mail.example.com:465');

    const bad = issuesOf({ SMTP_URL: 'http://user:smtp-password-123@mail.example.com' });
    expect(bad.issues.map((i) => i.key).sort()).toEqual(['MAIL_FROM', 'SMTP_URL']);
    expect(bad.message).not.toContain('smtp-password-123');
    expect(issuesOf({ SMTP_URL: url, MAIL_FROM: 'not an address' }).issues).toEqual([
      { key: 'MAIL_FROM', message: 'expected an e-mail address' },
    ]);
  });

  it('treats empty values as unset and DEMO=1 as demo mode against a real orchestrator', () => {
    const config = parseConfig({
      ...remote,
      DEMO: '1',
      DATABASE_URL: '',
      DEMO_PASSWORD: 'another-pass',
    });
    expect(config.demo).toEqual({ enabled: true, password: 'another-pass', seedHistory: true });
    expect(config.database.url).toBeUndefined();
  });
});

describe('observability settings', () => {
  it('keeps metrics and traces off unless asked, and refuses a short metrics token', () => {
    const off = parseConfig({});
    expect(off.metrics.token).toBeUndefined();
    expect(off.tracing.enabled).toBe(false);
    const token = 'metrics-token-0123456789abcdef';
    expect(parseConfig({ METRICS_TOKEN: token }).metrics.token).toBe(token);
    expect(issuesOf({ METRICS_TOKEN: 'short' }).issues.map((i) => i.key)).toEqual([
      'METRICS_TOKEN',
    ]);
    expect(parseConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      enabled: true,
    });
    expect(parseConfig({ OTEL_TRACES_EXPORTER: 'console' }).tracing.enabled).toBe(true);
    expect(
      parseConfig({
        OTEL_TRACES_EXPORTER: 'none',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      }).tracing.enabled,
    ).toBe(false);
  });
});

describe('configuration documentation', () => {
  const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

  it('lists every key config.ts reads in .env.example and in the README table', () => {
    expect(CONFIG_KEYS.length).toBeGreaterThanOrEqual(40);
    expect(CONFIG_KEYS).toContain('PAYOUT_DATA_KEYS');
    const example = read('../.env.example');
    const readmeRows = read('../README.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const missingFromExample = CONFIG_KEYS.filter(
      (key) => !new RegExp(`^(# )?${key}=`, 'm').test(example),
    );
    const missingFromReadme = CONFIG_KEYS.filter(
      (key) => !readmeRows.some((row) => row.split('|')[1]!.includes(`\`${key}\``)),
    );
    expect({ missingFromExample, missingFromReadme }).toEqual({
      missingFromExample: [],
      missingFromReadme: [],
    });
  });

  it('keeps .env.example free of real secrets: every secret is empty or a change-me value', () => {
    for (const line of read('../.env.example').split('\n')) {
      const match = /^(?:# )?([A-Z_]+)=(.*)$/.exec(line);
      if (!match || !/(SECRET|PASSWORD|_KEY|_KEYS|TOKEN)$/.test(match[1]!)) continue;
      if (match[1] === 'DEMO_PASSWORD') continue; // the public demo password (README)
      for (const value of match[2]!.split(',').filter(Boolean)) {
        expect(value, match[1]).toMatch(/^change-me/);
      }
    }
  });
});
