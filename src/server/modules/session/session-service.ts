// Shopper and admin sessions live in the database, so any copy of the server can serve any request.
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { sessionToken } from '../../db/ids.js';
import { sessionRepository } from './session-repository.js';

export const SHOPPER_SESSION_DAYS = 180;
export const ADMIN_SESSION_HOURS = 12;

export function sessionService(db: Db, clock: Clock = () => new Date()) {
  const repo = sessionRepository(db);
  return {
    async createShopper() {
      const id = sessionToken();
      const expiresAt = new Date(clock().getTime() + SHOPPER_SESSION_DAYS * 86_400_000);
      await repo.insert({ id, kind: 'shopper', expiresAt });
      return { id, expiresAt };
    },
    async createAdmin(adminId: number) {
      const id = sessionToken();
      const expiresAt = new Date(clock().getTime() + ADMIN_SESSION_HOURS * 3_600_000);
      await repo.insert({ id, kind: 'admin', adminId, expiresAt });
      return { id, expiresAt };
    },
    findShopper: (id: string) => repo.findLive(id, 'shopper', clock()),
    findAdmin: (id: string) => repo.findLive(id, 'admin', clock()),
    /** The signed-in admin's account ({sessionId, id, email, role}), or undefined. */
    findAdminAccount: (id: string) => repo.findLiveAdmin(id, clock()),
    updateData: repo.updateData,
    end: repo.delete,
    purgeExpired: () => repo.deleteExpired(clock()),
  };
}
export type SessionService = ReturnType<typeof sessionService>;
