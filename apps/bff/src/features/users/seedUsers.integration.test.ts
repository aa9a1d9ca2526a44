import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';
import { createAuditRepository } from '../audit/auditRepository.js';
import { createAuditService } from '../audit/auditService.js';
import {
  readJson,
  startTestApp,
  testPasswordHasher,
  TEST_PASSWORD,
  type ApiFetch,
  type TestApp,
} from '../../testing/testApp.js';
import {
  appTestDatabaseKinds,
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../testing/testDatabase.js';
import { seedUsers } from './seedUsers.js';
import { createUsersRepository } from './usersRepository.js';
import { createUsersService, DEMO_USERS } from './usersService.js';

/** Every restart re-enabled disabled demo users and restored their roles and passwords. */
describe.each(testDatabaseKinds)('demo seeding (%s)', (kind) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: ApiFetch;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    t = await startTestApp({ database });
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  /** What startup does in demo mode. */
  const seedAgain = () =>
    seedUsers({
      config: parseConfig({ DEMO_PASSWORD: TEST_PASSWORD }),
      usersService: createUsersService({
        usersRepository: createUsersRepository(t.db),
        passwordHasher: testPasswordHasher,
        auditService: createAuditService({
          auditRepository: createAuditRepository(t.db),
          clock: t.clock,
        }),
        clock: t.clock,
      }),
      logger: pino({ level: 'silent' }),
    });

  it('leaves a disabled, re-roled or reset demo user as the admin left it', async () => {
    const users: { id: string; email: string }[] = (await readJson(await admin('/api/users')))
      .items;
    const idOf = (email: string) => users.find((u) => u.email === email)!.id;
    const patch = (email: string, json: unknown) =>
      admin(`/api/users/${idOf(email)}`, { method: 'PATCH', json });
    expect((await patch('finance2@example.com', { disabled: true })).status).toBe(200);
    // A raised role and another user's password wait for a second admin, who approves them.
    const raised = await readJson(await patch('support@example.com', { role: 'finance' }));
    const reset = await admin(`/api/users/${idOf('finance@example.com')}/password`, {
      method: 'POST',
      json: { password: 'a-new-password-for-finance' },
    });
    expect(reset.status).toBe(202);
    const admin2 = await t.signIn('admin2');
    for (const id of [raised.pending_changes[0].id, (await readJson(reset)).id]) {
      const approved = await admin2(`/api/user-changes/${id}/approve`, {
        method: 'POST',
        json: {},
      });
      expect(approved.status).toBe(200);
    }

    await seedAgain();

    const after: { email: string; role: string; disabled: boolean }[] = (
      await readJson(await admin('/api/users'))
    ).items;
    expect(after.find((u) => u.email === 'finance2@example.com')).toMatchObject({
      disabled: true,
    });
    expect(after.find((u) => u.email === 'support@example.com')).toMatchObject({
      role: 'finance',
    });
    const signIn = (password: string) =>
      t.api('/api/session', {
        method: 'POST',
        json: { email: 'finance@example.com', password },
      });
    expect((await signIn(TEST_PASSWORD)).status).toBe(401);
    expect((await signIn('a-new-password-for-finance')).status).toBe(200);
  });
});

/** A first start hashed the demo password five times, one after another. */
describe.each(appTestDatabaseKinds)('demo accounts on a new ledger (%s)', (kind) => {
  it('are made with one hash of the demo password, each signing in with it', async () => {
    const database = await openTestDatabase(kind);
    try {
      let hashes = 0;
      const countingHasher = {
        ...testPasswordHasher,
        hash: (password: string) => {
          hashes += 1;
          return testPasswordHasher.hash(password);
        },
      };
      const usersRepository = createUsersRepository(database.handle.db);
      const service = createUsersService({
        usersRepository,
        passwordHasher: countingHasher,
        auditService: createAuditService({
          auditRepository: createAuditRepository(database.handle.db),
          clock: { now: () => new Date() },
        }),
        clock: { now: () => new Date() },
      });
      const created = await service.ensureDemoUsers(TEST_PASSWORD);
      expect(created).toEqual(DEMO_USERS.map((u) => u.email));
      expect(hashes).toBe(1);
      for (const { email } of DEMO_USERS) {
        const user = await usersRepository.findByEmail(email);
        expect(await testPasswordHasher.verify(TEST_PASSWORD, user!.passwordHash)).toBe(true);
      }
      // A second start finds them all and hashes nothing.
      expect(await service.ensureDemoUsers(TEST_PASSWORD)).toEqual([]);
      expect(hashes).toBe(1);
    } finally {
      await database.close();
    }
  });
});
