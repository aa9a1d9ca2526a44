import { describe, expect, it } from 'vitest';
import { parseSandboxEnv } from './config.js';

describe('parseSandboxEnv', () => {
  it('has documented dev defaults', () => {
    const { options, logLevel } = parseSandboxEnv({});
    expect(options).toEqual({
      port: 4010,
      host: '127.0.0.1',
      apiKey: 'sandbox-api-key',
      userName: 'merchant@sandbox.test',
      password: 'sandbox-password',
      cashierKey: 'sandbox-cashier',
      notifyUrl: null,
      settleAfterMs: 3000,
      tokenTtlSeconds: 7200,
      profile: 'default',
    });
    expect(logLevel).toBe('info');
  });

  it('reads every SANDBOX_* key', () => {
    const { options } = parseSandboxEnv({
      SANDBOX_PORT: '0',
      SANDBOX_HOST: '0.0.0.0',
      SANDBOX_API_KEY: 'k',
      SANDBOX_USER_NAME: 'u',
      SANDBOX_PASSWORD: 'p',
      SANDBOX_CASHIER_KEY: 'c',
      SANDBOX_NOTIFY_URL: 'http://127.0.0.1:3000/hooks',
      SANDBOX_SETTLE_AFTER_MS: '50',
      SANDBOX_TOKEN_TTL_SECONDS: '60',
      SANDBOX_PROFILE: 'bridgerpay',
    });
    expect(options).toMatchObject({
      profile: 'bridgerpay',
      port: 0,
      host: '0.0.0.0',
      apiKey: 'k',
      userName: 'u',
      password: 'p',
      cashierKey: 'c',
      notifyUrl: 'http://127.0.0.1:3000/hooks',
      settleAfterMs: 50,
      tokenTtlSeconds: 60,
    });
  });

  it('treats empty values as unset', () => {
    expect(parseSandboxEnv({ SANDBOX_NOTIFY_URL: '', SANDBOX_PORT: '' }).options).toMatchObject({
      notifyUrl: null,
      port: 4010,
    });
  });

  it('lists every bad key and never echoes a value', () => {
    let message = '';
    try {
      parseSandboxEnv({
        SANDBOX_PORT: 'eighty',
        SANDBOX_NOTIFY_URL: 'not a url secret-ish',
        SANDBOX_SETTLE_AFTER_MS: '-1',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SANDBOX_PORT');
    expect(message).toContain('SANDBOX_NOTIFY_URL');
    expect(message).toContain('SANDBOX_SETTLE_AFTER_MS');
    expect(message).not.toContain('secret-ish');
  });
});
