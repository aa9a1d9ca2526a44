import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';

/**
 * Makes the database refuse audit rows of one action (a trigger raising on insert), as a full
 * disk or a lost connection would at that moment: a change audited in its own transaction
 * must then not happen either. Returns the undo.
 */
export async function refuseAuditRows(db: Database, action: string): Promise<() => Promise<void>> {
  await db.execute(sql`
    CREATE OR REPLACE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.action = TG_ARGV[0] THEN RAISE EXCEPTION 'audit_log refused by the test'; END IF;
      RETURN NEW;
    END;
    $$`);
  await db.execute(
    sql.raw(
      `CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit('${action.replace(/'/g, "''")}')`,
    ),
  );
  return async () => {
    await db.execute(sql`DROP TRIGGER test_refuse_audit ON audit_log`);
  };
}
