// Admin accounts: argon2id password hashes, sign-in with rate limits, boot-time bootstrap.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { AdminRole } from '../../../contract/values/admin.js';
import { ALREADY_AN_ACCOUNT, NO_SUCH_PERSON, WRONG_CURRENT_PASSWORD } from '../../../contract/values/staff.js';
import type { Db, Tx } from '../../db/client.js';
import { Conflict, Invalid, NotFound } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { shopMetrics } from '../../metrics/shop-metrics.js';
import { sessionRepository } from '../session/session-repository.js';
import type { SessionService } from '../session/session-service.js';
import { adminRepository } from './admin-repository.js';

// A fixed hash to verify against when the email is unknown, so both paths take the same time.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$TG2T4rJ9HEzvH/dF5kMO+w$MYi10oVsC0YfxCG5fCW1u9QPb9qYSwrbnDWo2+CN3kY';

/** Sign-in tries in 15 minutes: per address (any accounts), per account from one address, per account. */
export const SIGNIN_LIMITS = { perAddress: 20, perAccountAndAddress: 10, perAccount: 100, windowMs: 15 * 60_000 };

export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

export function adminAuthService(
  db: Db,
  sessions: SessionService,
  limiter: RateLimiter,
  limits: typeof SIGNIN_LIMITS = SIGNIN_LIMITS,
) {
  const repo = adminRepository(db);
  return {
    /** Returns a new admin session, or undefined for a wrong email or password. */
    async signIn(email: string, password: string, ip: string) {
      const account = email.toLowerCase();
      await limiter.hit(`signin:ip:${ip}`, limits.perAddress, limits.windowMs);
      // Guesses at one account count per address, so a stranger's wrong tries do not lock the owner
      // out; a guess spread over many addresses still meets the account's own, higher limit.
      await limiter.hit(`signin:account:${account}:ip:${ip}`, limits.perAccountAndAddress, limits.windowMs);
      await limiter.hit(`signin:account:${account}`, limits.perAccount, limits.windowMs);
      const admin = await repo.findByEmail(email);
      const ok = await verify(admin?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
      if (!admin || !ok) {
        shopMetrics.signInRefusals.inc();
        return undefined;
      }
      // Only wrong tries stay counted against the account.
      await limiter.reset(`signin:account:${account}:ip:${ip}`);
      await limiter.forgive(`signin:account:${account}`);
      return sessions.createAdmin(admin.id);
    },
    /**
     * The one way a password is set, changed or reset (`npm run admin`, the 'Change password' call,
     * an accepted invitation and a reset link all go through here): the new hash, and every session
     * of that admin ended in the same transaction, but `keepSessionId` (the session that asked for
     * the change). A session opened with the old password, or by whoever learnt it, is refused from
     * then on.
     *
     * `account`: 'any' (default, `npm run admin`) creates the account as an owner when it is missing;
     * `{ create: role }` only creates one (Conflict when the email has an account already);
     * 'existing' only changes one (NotFound when it is gone). `alsoInTransaction` runs in the same
     * transaction with the account's id (a one-time link used up, the Activity record): the password
     * is set only if it succeeds too.
     */
    async setPassword(
      email: string,
      password: string,
      options: {
        keepSessionId?: string;
        account?: 'any' | 'existing' | { create: AdminRole };
        alsoInTransaction?: (tx: Tx, adminId: number) => Promise<void>;
      } = {},
    ) {
      const passwordHash = await hashPassword(password);
      const account = options.account ?? 'any';
      return db.transaction(async (tx) => {
        const admins = adminRepository(tx);
        let adminId: number;
        if (account === 'any') adminId = await admins.upsert(email, passwordHash);
        else if (account === 'existing') {
          const existing = await admins.findByEmail(email);
          if (!existing) throw new NotFound(NO_SUCH_PERSON);
          await admins.updatePassword(existing.id, passwordHash);
          adminId = existing.id;
        } else {
          const created = await admins.insertNew(email, passwordHash, account.create);
          if (created === undefined) throw new Conflict(ALREADY_AN_ACCOUNT);
          adminId = created;
        }
        await sessionRepository(tx).deleteAdminSessions(adminId, { except: options.keepSessionId });
        await options.alsoInTransaction?.(tx, adminId);
        return adminId;
      });
    },
    /**
     * A signed-in admin's own password change: the current one must be right (its wrong tries are
     * limited as sign-in's are), then setPassword keeps this session and ends the others.
     */
    async changePassword(
      admin: { id: number; email: string; sessionId: string },
      body: { currentPassword: string; newPassword: string },
      ip: string,
      alsoInTransaction?: (tx: Tx, adminId: number) => Promise<void>,
    ) {
      const account = admin.email.toLowerCase();
      await limiter.hit(`password:ip:${ip}`, SIGNIN_LIMITS.perAddress, SIGNIN_LIMITS.windowMs);
      await limiter.hit(`password:account:${account}`, SIGNIN_LIMITS.perAccountAndAddress, SIGNIN_LIMITS.windowMs);
      const row = await repo.findByEmail(admin.email);
      const ok = await verify(row?.passwordHash ?? DUMMY_HASH, body.currentPassword).catch(() => false);
      if (!row || row.id !== admin.id || !ok) throw new Invalid(WRONG_CURRENT_PASSWORD);
      await limiter.forgive(`password:account:${account}`);
      await this.setPassword(admin.email, body.newPassword, {
        keepSessionId: admin.sessionId,
        account: 'existing',
        alsoInTransaction,
      });
    },
    /**
     * At boot: when no admin exists, create the configured one, or one with a generated
     * password that is returned so main.ts can print it once.
     */
    async bootstrap(configured: { email: string; password: string } | undefined) {
      if ((await repo.count()) > 0) return undefined;
      if (configured) {
        await repo.upsert(configured.email, await hashPassword(configured.password));
        return { email: configured.email, generatedPassword: undefined };
      }
      const email = 'admin@localhost';
      const password = randomBytes(12).toString('base64url');
      await repo.upsert(email, await hashPassword(password));
      return { email, generatedPassword: password };
    },
  };
}
export type AdminAuthService = ReturnType<typeof adminAuthService>;
