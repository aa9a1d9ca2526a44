import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSoftAuthenticator,
  strangerKey,
  type SoftAuthenticator,
} from '../../testing/softAuthenticator.js';
import { auditsOf, newSignedInUser, selectRows } from '../../testing/factorTesting.js';
import { readJson, startTestApp, type ApiFetch, type TestApp } from '../../testing/testApp.js';
import {
  openTestDatabase,
  appTestDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';

const PASSWORD = 'passkey-test-password-1';

describe.each(appTestDatabaseKinds)('second factors: passkeys (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;
  let serial = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(t, query);
  const audits = (userId: string, action: string) => auditsOf(t, userId, action);

  async function newUser() {
    serial += 1;
    return newSignedInUser(t, admin, {
      email: `passkeys-${kind}-${serial}@example.com`,
      name: `Passkey ${serial}`,
      role: 'finance',
      password: PASSWORD,
    });
  }

  async function register(fetch: ApiFetch, key: SoftAuthenticator, label?: string) {
    const options = await fetch('/api/me/factors/passkeys/options', { method: 'POST', json: {} });
    expect(options.status).toBe(200);
    const creation = await readJson(options);
    return fetch('/api/me/factors/passkeys', {
      method: 'POST',
      json: { ...(label ? { label } : {}), response: key.register(creation) },
    });
  }

  async function assertion(fetch: ApiFetch) {
    const res = await fetch('/api/session/verify/options', { method: 'POST', json: {} });
    expect(res.status).toBe(200);
    return readJson(res) as Promise<{
      challenge: string;
      rpId?: string;
      allowCredentials?: { id: string }[];
    }>;
  }

  it('registers a passkey (first factor: recovery codes) and verifies a new session with it', async () => {
    const { id, email, fetch } = await newUser();
    const key = createSoftAuthenticator({ origin: t.config.publicUrl.origin });
    const options = await readJson(
      await fetch('/api/me/factors/passkeys/options', { method: 'POST', json: {} }),
    );
    expect(options.rp).toEqual({ id: t.config.publicUrl.hostname, name: 'Payouts back-office' });
    expect(options.user.name).toBe(email);
    const res = await fetch('/api/me/factors/passkeys', {
      method: 'POST',
      json: { label: 'YubiKey', response: key.register(options) },
    });
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body.factor).toMatchObject({ kind: 'passkey', label: 'YubiKey' });
    expect(body.recovery_codes).toHaveLength(10);
    const [stored] = await rows<{
      credential_id: string;
      sign_count: number;
      transports: string[];
    }>(sql`select credential_id, sign_count, transports from staff_factors where user_id = ${id}`);
    expect(stored).toMatchObject({ credential_id: key.credentialId, transports: ['usb'] });
    expect(Number(stored!.sign_count)).toBe(0);
    // The challenge was used: the same response again finds none.
    const replay = await fetch('/api/me/factors/passkeys', {
      method: 'POST',
      json: { response: key.register(options) },
    });
    expect(replay.status).toBe(409);

    // A second key is registered with the first excluded.
    const again = await readJson(
      await fetch('/api/me/factors/passkeys/options', { method: 'POST', json: {} }),
    );
    expect(again.excludeCredentials).toEqual([
      expect.objectContaining({ id: key.credentialId, type: 'public-key' }),
    ]);

    const session = await t.signInAs(email, PASSWORD);
    const request = await assertion(session);
    expect(request.allowCredentials?.map((c) => c.id)).toEqual([key.credentialId]);
    const ok = await session('/api/session/verify', {
      method: 'POST',
      json: { method: 'passkey', response: key.assert(request) },
    });
    expect(ok.status).toBe(200);
    expect((await readJson(ok)).security.second_factor).toBe('satisfied');
    const [after] = await rows<{ sign_count: number; last_used_at: string | null }>(
      sql`select sign_count, last_used_at from staff_factors where user_id = ${id}`,
    );
    expect(Number(after!.sign_count)).toBe(1);
    expect(after!.last_used_at).not.toBeNull();
    expect(await audits(id, 'session.second_factor_verified')).toEqual([
      { data: { method: 'passkey', factor_id: body.factor.id } },
    ]);

    // The same assertion again: its challenge is gone.
    const replayed = await session('/api/session/verify', {
      method: 'POST',
      json: { method: 'passkey', response: key.assert(request) },
    });
    expect(replayed.status).toBe(422);
  });

  it('refuses forged, foreign, cloned and late assertions; audits each; locks nothing', async () => {
    const { id, email, fetch } = await newUser();
    const key = createSoftAuthenticator({ origin: t.config.publicUrl.origin });
    expect((await register(fetch, key)).status).toBe(201);
    const session = await t.signInAs(email, PASSWORD);
    const stranger = createSoftAuthenticator({ origin: t.config.publicUrl.origin });
    // Used once: the stored counter is 1, so a clone replaying 1 shows.
    const first = await session('/api/session/verify', {
      method: 'POST',
      json: { method: 'passkey', response: key.assert(await assertion(session)) },
    });
    expect(first.status).toBe(200);

    const attempts: [string, (r: Awaited<ReturnType<typeof assertion>>) => unknown][] = [
      ['forged signature', (r) => key.assert(r, { signWith: strangerKey() })],
      ['other origin', (r) => key.assert(r, { origin: 'https://evil.example.com' })],
      ['unknown key', (r) => stranger.assert(r)],
      ['cloned key (counter did not move)', (r) => key.assert(r, { signCount: 1 })],
    ];
    for (const [name, make] of attempts) {
      const request = await assertion(session);
      const res = await session('/api/session/verify', {
        method: 'POST',
        json: { method: 'passkey', response: make(request) },
      });
      expect(res.status, name).toBe(422);
      expect((await readJson(res)).code).toBe('invalid_code');
    }
    // Past the challenge's 5 minutes.
    const late = await assertion(session);
    t.clock.advance(5 * 60_000 + 1);
    const expired = await session('/api/session/verify', {
      method: 'POST',
      json: { method: 'passkey', response: key.assert(late) },
    });
    expect(expired.status).toBe(422);

    const failures = await audits(id, 'factor.verify_failed');
    expect(failures.map((f) => f.data)).toEqual([
      { method: 'passkey', reason: 'assertion' },
      { method: 'passkey', reason: 'assertion' },
      { method: 'passkey', reason: 'unknown_credential' },
      { method: 'passkey', reason: 'assertion' },
      { method: 'passkey', reason: 'no_challenge' },
    ]);
    expect(await audits(id, 'factor.locked')).toEqual([]);
    // Still works with a real assertion.
    const ok = await session('/api/session/verify', {
      method: 'POST',
      json: { method: 'passkey', response: key.assert(await assertion(session)) },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a registration for another origin, and a key registered twice', async () => {
    const { fetch } = await newUser();
    const key = createSoftAuthenticator({ origin: t.config.publicUrl.origin });
    const options = await readJson(
      await fetch('/api/me/factors/passkeys/options', { method: 'POST', json: {} }),
    );
    const foreign = await fetch('/api/me/factors/passkeys', {
      method: 'POST',
      json: { response: key.register(options, { origin: 'https://evil.example.com' }) },
    });
    expect(foreign.status).toBe(422);
    expect((await readJson(await fetch('/api/me/factors'))).items).toEqual([]);
    expect((await register(fetch, key)).status).toBe(201);
    const twice = await register(fetch, key);
    expect(twice.status).toBe(409);
    // Nothing to verify with for a user without passkeys.
    const { fetch: other } = await newUser();
    expect((await other('/api/session/verify/options', { method: 'POST', json: {} })).status).toBe(
      409,
    );
  });
});
