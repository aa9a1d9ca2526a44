import { describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema.js';
import { startTestApp } from './testApp.js';
import { openTestDatabase } from './testDatabase.js';

describe('the test app', () => {
  it('fails a suite whose database holds a full card number in plain text', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const t = await startTestApp({ database });
      await t.db.insert(auditLog).values({
        at: t.clock.now(),
        action: 'payout.create',
        data: { note: 'card 4111 1111 1111 1111' },
      });
      await expect(t.close()).rejects.toThrow('a row of audit_log contains a full card number');
    } finally {
      await database.close();
    }
  });
});
