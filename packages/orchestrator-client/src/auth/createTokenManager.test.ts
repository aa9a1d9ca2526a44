import { describe, expect, it } from 'vitest';
import { createTokenManager, type IssuedToken } from './createTokenManager.js';

function setup(expiresInSeconds = 7200, refreshMarginSeconds = 60) {
  let clock = 1_000_000;
  let logins = 0;
  let release: (() => void) | undefined;
  let gate: Promise<void> | undefined;
  const manager = createTokenManager({
    now: () => clock,
    refreshMarginSeconds,
    login: async (): Promise<IssuedToken> => {
      logins += 1;
      const n = logins;
      if (gate !== undefined) await gate;
      return { token: `token-${n}`, expiresInSeconds };
    },
  });
  return {
    manager,
    logins: () => logins,
    advance: (ms: number) => {
      clock += ms;
    },
    hold: () => {
      gate = new Promise<void>((r) => {
        release = r;
      });
    },
    release: () => {
      gate = undefined;
      release?.();
    },
  };
}

describe('createTokenManager', () => {
  it('shares one login among concurrent callers', async () => {
    const t = setup();
    t.hold();
    const tokens = Promise.all(Array.from({ length: 10 }, () => t.manager.get()));
    t.release();
    expect(await tokens).toEqual(Array.from({ length: 10 }, () => 'token-1'));
    expect(t.logins()).toBe(1);
  });

  it('reuses the token until the refresh margin before expiry', async () => {
    const t = setup(7200, 60);
    await t.manager.get();
    t.advance((7200 - 61) * 1000);
    expect(await t.manager.get()).toBe('token-1');
    t.advance(2000);
    expect(await t.manager.get()).toBe('token-2');
    expect(t.logins()).toBe(2);
  });

  it('caps the margin at half the lifetime so short tokens are still reused', async () => {
    const t = setup(10, 60);
    await t.manager.get();
    t.advance(4000);
    expect(await t.manager.get()).toBe('token-1');
    t.advance(1001);
    expect(await t.manager.get()).toBe('token-2');
  });

  it('forgets a refused token but keeps a newer one', async () => {
    const t = setup();
    const first = await t.manager.get();
    t.manager.invalidate(first);
    const second = await t.manager.get();
    expect(second).toBe('token-2');
    t.manager.invalidate(first);
    expect(await t.manager.get()).toBe('token-2');
    expect(t.manager.knownTokens()).toEqual(['token-1', 'token-2']);
  });

  it('lets a waiter give up without cancelling the shared login', async () => {
    const t = setup();
    t.hold();
    const controller = new AbortController();
    const impatient = t.manager.get(controller.signal);
    const patient = t.manager.get();
    controller.abort(new Error('gave up'));
    await expect(impatient).rejects.toThrow('gave up');
    t.release();
    expect(await patient).toBe('token-1');
    expect(t.logins()).toBe(1);
  });

  it('does not cache a failed login', async () => {
    let calls = 0;
    const manager = createTokenManager({
      now: () => 0,
      refreshMarginSeconds: 60,
      login: () => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new Error('down'))
          : Promise.resolve({ token: 'ok', expiresInSeconds: 100 });
      },
    });
    await expect(manager.get()).rejects.toThrow('down');
    expect(await manager.get()).toBe('ok');
  });
});
