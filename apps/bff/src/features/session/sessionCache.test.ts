import { describe, expect, it } from 'vitest';
import { withSessionCache } from './sessionCache.js';
import type { SessionLookup, SessionRepository } from './sessionRepository.js';

const at = new Date('2026-01-01T00:00:00Z');

function lookup(idHash: string, userId: string, role: 'finance' | 'admin' = 'finance') {
  return {
    session: {
      idHash,
      userId,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + 3_600_000),
      authMethod: 'password',
      secondFactorAt: null,
      secondFactorMethod: null,
      factorEnrolledAt: null,
      oidcCheckedAt: null,
    },
    user: {
      id: userId,
      email: `${userId}@example.com`,
      name: userId,
      role,
      disabledAt: null,
      mfaEnrolmentRequired: false,
    },
    factors: { kinds: [], recoveryCodesLeft: 0 },
  } satisfies SessionLookup as SessionLookup;
}

/** An in-memory repository counting its reads; `hold` parks the next read until released. */
function fakeRepository(rows: Map<string, SessionLookup>) {
  let reads = 0;
  let held: { release: () => void } | undefined;
  const repository: SessionRepository = {
    insert: () => Promise.resolve(),
    async findWithUser(idHash) {
      reads += 1;
      const row = rows.get(idHash);
      if (held) await new Promise<void>((resolve) => (held!.release = resolve));
      return row;
    },
    async touch(idHash, lastSeenAt) {
      const row = rows.get(idHash);
      if (row) rows.set(idHash, { ...row, session: { ...row.session, lastSeenAt } });
      return Promise.resolve();
    },
    async recordSecondFactor(idHash, secondFactorAt, secondFactorMethod) {
      const row = rows.get(idHash);
      if (row) {
        rows.set(idHash, {
          ...row,
          session: { ...row.session, secondFactorAt, secondFactorMethod },
        });
      }
      return Promise.resolve();
    },
    async delete(idHash) {
      rows.delete(idHash);
      return Promise.resolve();
    },
    deleteExpired: () => Promise.resolve(),
    listForUser: () => Promise.resolve([]),
    async deleteForUser(userId, idHashes) {
      let ended = 0;
      for (const idHash of idHashes) {
        if (rows.get(idHash)?.session.userId === userId && rows.delete(idHash)) ended += 1;
      }
      return Promise.resolve(ended);
    },
  };
  return {
    repository,
    reads: () => reads,
    hold: () => (held = { release: () => undefined }),
    release: () => {
      const h = held;
      held = undefined;
      h?.release();
    },
  };
}

describe('session cache', () => {
  it('reuses a lookup for the TTL, then asks again', async () => {
    let clock = 0;
    const rows = new Map([['h1', lookup('h1', 'u1')]]);
    const fake = fakeRepository(rows);
    const cached = withSessionCache(fake.repository, { ttlMs: 5_000, now: () => clock });
    await cached.findWithUser('h1');
    clock = 4_999;
    expect(await cached.findWithUser('h1')).toMatchObject({ user: { id: 'u1' } });
    expect(fake.reads()).toBe(1);
    clock = 5_000;
    await cached.findWithUser('h1');
    expect(fake.reads()).toBe(2);
    await cached.findWithUser('h1', { fresh: true });
    expect(fake.reads()).toBe(3);
  });

  it('never caches an unknown session id', async () => {
    const fake = fakeRepository(new Map());
    const cached = withSessionCache(fake.repository, { ttlMs: 5_000, now: () => 0 });
    expect(await cached.findWithUser('nope')).toBeUndefined();
    expect(await cached.findWithUser('nope')).toBeUndefined();
    expect(fake.reads()).toBe(2);
  });

  it('forgets a session on sign-out, and a user on disable, password reset or role change', async () => {
    const rows = new Map([
      ['h1', lookup('h1', 'u1')],
      ['h2', lookup('h2', 'u2')],
      ['h3', lookup('h3', 'u2')],
    ]);
    const fake = fakeRepository(rows);
    const cached = withSessionCache(fake.repository, { ttlMs: 5_000, now: () => 0 });
    for (const id of ['h1', 'h2', 'h3']) await cached.findWithUser(id);

    await cached.delete('h1');
    expect(await cached.findWithUser('h1')).toBeUndefined();

    rows.set('h2', lookup('h2', 'u2', 'admin'));
    cached.forgetUser('u2');
    expect(await cached.findWithUser('h2')).toMatchObject({ user: { role: 'admin' } });

    // Disabling or a password reset deletes the rows in the users' transaction, then forgets.
    rows.delete('h2');
    rows.delete('h3');
    cached.forgetUser('u2');
    expect(await cached.findWithUser('h2')).toBeUndefined();
    expect(await cached.findWithUser('h3')).toBeUndefined();
  });

  it('does not store a lookup that overlapped a sign-out', async () => {
    const rows = new Map([['h1', lookup('h1', 'u1')]]);
    const fake = fakeRepository(rows);
    const cached = withSessionCache(fake.repository, { ttlMs: 5_000, now: () => 0 });
    fake.hold();
    const inFlight = cached.findWithUser('h1');
    await cached.delete('h1');
    fake.release();
    // The read began before the sign-out: it may answer with the old row, but must not keep it.
    expect(await inFlight).toBeDefined();
    expect(await cached.findWithUser('h1')).toBeUndefined();
  });

  it('forgets the sessions a user or an admin ends, and keeps the others', async () => {
    const rows = new Map([
      ['h1', lookup('h1', 'u1')],
      ['h2', lookup('h2', 'u1')],
    ]);
    const fake = fakeRepository(rows);
    const cached = withSessionCache(fake.repository, { ttlMs: 5_000, now: () => 0 });
    for (const id of ['h1', 'h2']) await cached.findWithUser(id);
    expect(await cached.deleteForUser('u1', ['h2'], () => [])).toBe(1);
    expect(await cached.findWithUser('h2')).toBeUndefined();
    const reads = fake.reads();
    expect(await cached.findWithUser('h1')).toBeDefined();
    expect(fake.reads()).toBe(reads);
  });

  it('keeps a touch in the cached entry, and holds at most maxEntries', async () => {
    const rows = new Map([
      ['h1', lookup('h1', 'u1')],
      ['h2', lookup('h2', 'u2')],
    ]);
    const fake = fakeRepository(rows);
    const cached = withSessionCache(fake.repository, {
      ttlMs: 5_000,
      maxEntries: 1,
      now: () => 0,
    });
    await cached.findWithUser('h1');
    const later = new Date(at.getTime() + 60_000);
    await cached.touch('h1', later);
    expect((await cached.findWithUser('h1'))?.session.lastSeenAt).toEqual(later);
    expect(fake.reads()).toBe(1);
    await cached.findWithUser('h2');
    await cached.findWithUser('h1');
    expect(fake.reads()).toBe(3);
  });

  it('is off with a TTL of 0', async () => {
    const fake = fakeRepository(new Map([['h1', lookup('h1', 'u1')]]));
    const uncached = withSessionCache(fake.repository, { ttlMs: 0, now: () => 0 });
    await uncached.findWithUser('h1');
    await uncached.findWithUser('h1');
    expect(fake.reads()).toBe(2);
  });
});
