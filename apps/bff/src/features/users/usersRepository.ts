import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { users } from '../../db/schema.js';
import type { Role } from './roles.js';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  at: Date;
}

export interface UsersRepository {
  findByEmail(email: string): Promise<UserRow | undefined>;
  findById(id: string): Promise<UserRow | undefined>;
  insert(user: NewUser): Promise<UserRow>;
  /** Insert, or reset name/role/password of the existing account with that email. */
  upsert(user: NewUser): Promise<UserRow>;
  updatePasswordHash(id: string, passwordHash: string, at: Date): Promise<void>;
  count(): Promise<number>;
}

export function createUsersRepository(db: Database): UsersRepository {
  return {
    async findByEmail(email) {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async findById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async insert(user) {
      const [row] = await db
        .insert(users)
        .values({
          email: user.email.toLowerCase(),
          name: user.name,
          role: user.role,
          passwordHash: user.passwordHash,
          createdAt: user.at,
          updatedAt: user.at,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    async upsert(user) {
      const [row] = await db
        .insert(users)
        .values({
          email: user.email.toLowerCase(),
          name: user.name,
          role: user.role,
          passwordHash: user.passwordHash,
          createdAt: user.at,
          updatedAt: user.at,
        })
        .onConflictDoUpdate({
          target: users.email,
          set: {
            name: user.name,
            role: user.role,
            passwordHash: user.passwordHash,
            disabledAt: null,
            updatedAt: user.at,
          },
        })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return row;
    },
    async updatePasswordHash(id, passwordHash, at) {
      await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, id));
    },
    async count() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
      return row?.n ?? 0;
    },
  };
}
