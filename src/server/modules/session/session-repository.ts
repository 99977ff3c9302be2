import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { admins, sessions, type SessionData } from '../../db/schema.js';

export function sessionRepository(db: Db) {
  return {
    async insert(row: { id: string; kind: 'shopper' | 'admin'; adminId?: number; expiresAt: Date }) {
      await db.insert(sessions).values({ ...row, data: {} });
    },
    async findLive(id: string, kind: 'shopper' | 'admin', now: Date) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.kind, kind), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },
    /** A live admin session with its account: who is signed in, and as what. */
    async findLiveAdmin(id: string, now: Date) {
      const [row] = await db
        .select({ sessionId: sessions.id, id: admins.id, email: admins.email, role: admins.role })
        .from(sessions)
        .innerJoin(admins, eq(admins.id, sessions.adminId))
        .where(and(eq(sessions.id, id), eq(sessions.kind, 'admin'), gt(sessions.expiresAt, now)))
        .limit(1);
      return row;
    },
    async updateData(id: string, data: SessionData) {
      await db.update(sessions).set({ data }).where(eq(sessions.id, id));
    },
    async delete(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    /** Ends every session of one admin, but `except` (the session that asked, when there is one). */
    async deleteAdminSessions(adminId: number, { except }: { except?: string } = {}) {
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.kind, 'admin'),
            eq(sessions.adminId, adminId),
            except === undefined ? undefined : ne(sessions.id, except),
          ),
        );
    },
    async deleteExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },
  };
}
