import { count, eq, sql } from 'drizzle-orm';
import type { AdminRole } from '../../../contract/values/admin.js';
import type { Db } from '../../db/client.js';
import { admins } from '../../db/schema.js';

export function adminRepository(db: Db) {
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(admins).where(sql`lower(${admins.email}) = lower(${email})`).limit(1);
      return row;
    },
    async count() {
      const [row] = await db.select({ n: count() }).from(admins);
      return row?.n ?? 0;
    },
    async updatePassword(id: number, passwordHash: string) {
      await db.update(admins).set({ passwordHash }).where(eq(admins.id, id));
    },
    /** A new account with `role`; undefined when the email has one already (case-insensitive). */
    async insertNew(email: string, passwordHash: string, role: AdminRole) {
      const [row] = await db
        .insert(admins)
        .values({ email, passwordHash, role })
        .onConflictDoNothing()
        .returning({ id: admins.id });
      return row?.id;
    },
    async upsert(email: string, passwordHash: string) {
      const existing = await this.findByEmail(email);
      if (existing) {
        await db.update(admins).set({ passwordHash }).where(eq(admins.id, existing.id));
        return existing.id;
      }
      const [row] = await db.insert(admins).values({ email, passwordHash }).returning({ id: admins.id });
      return row!.id;
    },
  };
}
