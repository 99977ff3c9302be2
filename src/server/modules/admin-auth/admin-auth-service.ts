// Admin accounts: argon2id password hashes, sign-in with rate limits, boot-time bootstrap.
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { sessionRepository } from '../session/session-repository.js';
import type { SessionService } from '../session/session-service.js';
import { adminRepository } from './admin-repository.js';

// A fixed hash to verify against when the email is unknown, so both paths take the same time.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$TG2T4rJ9HEzvH/dF5kMO+w$MYi10oVsC0YfxCG5fCW1u9QPb9qYSwrbnDWo2+CN3kY';

/** Sign-in tries in 15 minutes: per address (any accounts), per account from one address, per account. */
export const SIGNIN_LIMITS = { perAddress: 20, perAccountAndAddress: 10, perAccount: 100, windowMs: 15 * 60_000 };

export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

export function adminAuthService(db: Db, sessions: SessionService, limiter: RateLimiter) {
  const repo = adminRepository(db);
  return {
    /** Returns a new admin session, or undefined for a wrong email or password. */
    async signIn(email: string, password: string, ip: string) {
      const account = email.toLowerCase();
      await limiter.hit(`signin:ip:${ip}`, SIGNIN_LIMITS.perAddress, SIGNIN_LIMITS.windowMs);
      // Guesses at one account count per address, so a stranger's wrong tries do not lock the owner
      // out; a guess spread over many addresses still meets the account's own, higher limit.
      await limiter.hit(
        `signin:account:${account}:ip:${ip}`,
        SIGNIN_LIMITS.perAccountAndAddress,
        SIGNIN_LIMITS.windowMs,
      );
      await limiter.hit(`signin:account:${account}`, SIGNIN_LIMITS.perAccount, SIGNIN_LIMITS.windowMs);
      const admin = await repo.findByEmail(email);
      const ok = await verify(admin?.passwordHash ?? DUMMY_HASH, password).catch(() => false);
      if (!admin || !ok) return undefined;
      // Only wrong tries stay counted against the account.
      await limiter.reset(`signin:account:${account}:ip:${ip}`);
      await limiter.forgive(`signin:account:${account}`);
      return sessions.createAdmin(admin.id);
    },
    /**
     * The one way a password is set, changed or reset (`npm run admin` today; a 'change password'
     * call or a reset link later go through here too): the new hash, and every session of that admin
     * ended in the same transaction, but `keepSessionId` (the session that asked for the change).
     * A session opened with the old password, or by whoever learnt it, is refused from then on.
     */
    async setPassword(email: string, password: string, options: { keepSessionId?: string } = {}) {
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const adminId = await adminRepository(tx).upsert(email, passwordHash);
        await sessionRepository(tx).deleteAdminSessions(adminId, { except: options.keepSessionId });
        return adminId;
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
