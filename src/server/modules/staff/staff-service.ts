// Staff (issue 26 #4, #5): the people of the back office and their roles, invitations by a one-time
// link, removal, and the password links (forgot password). Every change writes its Activity record
// in its own transaction; a one-time link's token is never stored, only its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { INVITE_HOURS, RESET_HOURS, type AdminRole } from '../../../contract/values/admin.js';
import {
  ALREADY_AN_ACCOUNT,
  FORGOT_LIMITS,
  INVITE_LINK_GONE,
  LAST_OWNER,
  LINK_LIMITS,
  NO_SUCH_INVITATION,
  NO_SUCH_PERSON,
  NOT_YOURSELF,
  RESET_LINK_GONE,
} from '../../../contract/values/staff.js';
import type { PendingInvitation, StaffAnswer, StaffMember } from '../../../contract/staff.js';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import { adminTokens, admins } from '../../db/schema.js';
import type { ShopContact, ShopContactSource } from '../../email/layout.js';
import { Conflict, NotFound } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { enqueueEmail } from '../../jobs/outbox.js';
import { recordActivity, type Actor } from '../activity/activity-log.js';
import type { AdminAuthService } from '../admin-auth/admin-auth-service.js';
import type { SessionService } from '../session/session-service.js';
import { inviteEmail, resetEmail } from './staff-email.js';

type LinkKind = 'invite' | 'reset';

/** A new one-time link's token (sent once, by email) and the hash that is kept. */
export function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const sameEmail = (email: string) => sql`lower(${adminTokens.email}) = lower(${email})`;
const accountEmail = (email: string) => sql`lower(${admins.email}) = lower(${email})`;

const toMember = (row: { id: number; email: string; role: AdminRole; createdAt: Date }): StaffMember => ({
  id: row.id,
  email: row.email,
  role: row.role,
  since: row.createdAt.toISOString(),
});

export function staffService(deps: {
  db: Db;
  clock: Clock;
  limiter: RateLimiter;
  shop: ShopContactSource;
  adminAuth: AdminAuthService;
  sessions: SessionService;
}) {
  const { db, clock, limiter, shop, adminAuth, sessions } = deps;
  const hoursFromNow = (hours: number) => new Date(clock().getTime() + hours * 3_600_000);

  async function pendingInvite(tx: Db | Tx, email: string) {
    const [row] = await tx
      .select()
      .from(adminTokens)
      .where(and(eq(adminTokens.kind, 'invite'), isNull(adminTokens.usedAt), sameEmail(email)))
      .limit(1);
    return row;
  }

  const toInvitation = (row: typeof adminTokens.$inferSelect): PendingInvitation => ({
    email: row.email,
    role: row.role ?? 'staff',
    sentAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  });

  /** A new invitation for `email` (any earlier one not yet used is withdrawn: its link stops working), and its email. */
  async function sendInvitation(tx: Tx, actor: Actor, email: string, role: AdminRole, contact: ShopContact) {
    await tx
      .delete(adminTokens)
      .where(and(eq(adminTokens.kind, 'invite'), isNull(adminTokens.usedAt), sameEmail(email)));
    const { token, tokenHash } = newToken();
    const [row] = await tx
      .insert(adminTokens)
      .values({
        tokenHash,
        kind: 'invite',
        email,
        role,
        createdBy: actor.id,
        createdAt: clock(),
        expiresAt: hoursFromNow(INVITE_HOURS),
      })
      .returning();
    await enqueueEmail(tx, {
      to: email,
      ...inviteEmail(contact, { token, role, invitedBy: actor.email }),
      kind: 'staff_invite',
    });
    return toInvitation(row!);
  }

  async function hasAccount(tx: Db | Tx, email: string) {
    const [row] = await tx.select({ id: admins.id }).from(admins).where(accountEmail(email)).limit(1);
    return row !== undefined;
  }

  /**
   * A person whose removal or demotion is asked: locked with every owner, so two owners demoting
   * each other at once cannot leave the shop without one.
   */
  async function lockedPerson(tx: Tx, id: number) {
    const owners = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.role, 'owner'))
      .orderBy(asc(admins.id))
      .for('update');
    const [person] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
    if (!person) throw new NotFound(NO_SUCH_PERSON);
    return { person, owners: owners.length };
  }

  /** The live link of `kind` for `token`, or NotFound with the link's own message. */
  async function liveLink(tx: Db | Tx, token: string, kind: LinkKind) {
    const [row] = await tx
      .select()
      .from(adminTokens)
      .where(
        and(
          eq(adminTokens.tokenHash, hashToken(token)),
          eq(adminTokens.kind, kind),
          isNull(adminTokens.usedAt),
          gt(adminTokens.expiresAt, clock()),
        ),
      )
      .limit(1);
    if (!row) throw new NotFound(kind === 'invite' ? INVITE_LINK_GONE : RESET_LINK_GONE);
    return row;
  }

  /** Marks the link used, once: a second use (even at the same moment) finds it used and changes nothing. */
  async function spendLink(tx: Tx, token: string, kind: LinkKind) {
    const used = await tx
      .update(adminTokens)
      .set({ usedAt: clock() })
      .where(
        and(
          eq(adminTokens.tokenHash, hashToken(token)),
          eq(adminTokens.kind, kind),
          isNull(adminTokens.usedAt),
          gt(adminTokens.expiresAt, clock()),
        ),
      )
      .returning({ email: adminTokens.email });
    if (used.length === 0) throw new NotFound(kind === 'invite' ? INVITE_LINK_GONE : RESET_LINK_GONE);
  }

  const linkTry = (ip: string) => limiter.hit(`link:ip:${ip}`, LINK_LIMITS.perAddress, LINK_LIMITS.windowMs);

  return {
    async list(): Promise<StaffAnswer> {
      const people = await db
        .select({ id: admins.id, email: admins.email, role: admins.role, createdAt: admins.createdAt })
        .from(admins)
        .orderBy(asc(admins.createdAt), asc(admins.id));
      const invitations = await db
        .select()
        .from(adminTokens)
        .where(and(eq(adminTokens.kind, 'invite'), isNull(adminTokens.usedAt)))
        .orderBy(asc(adminTokens.createdAt));
      return { people: people.map(toMember), invitations: invitations.map(toInvitation) };
    },

    async invite(actor: Actor, body: { email: string; role: AdminRole }): Promise<PendingInvitation> {
      const contact = await shop();
      return db.transaction(async (tx) => {
        if (await hasAccount(tx, body.email)) throw new Conflict(ALREADY_AN_ACCOUNT);
        const invitation = await sendInvitation(tx, actor, body.email, body.role, contact);
        await recordActivity(tx, actor, {
          kind: 'staff.invited',
          summary: `Invited ${body.email} as ${body.role}`,
          detail: { email: body.email, role: body.role, expiresAt: invitation.expiresAt },
        });
        return invitation;
      });
    },

    /** The invitation again, with a new link and a new expiry; the old link stops working. */
    async resend(actor: Actor, email: string): Promise<PendingInvitation> {
      const contact = await shop();
      return db.transaction(async (tx) => {
        const pending = await pendingInvite(tx, email);
        if (!pending) throw new NotFound(NO_SUCH_INVITATION);
        if (await hasAccount(tx, pending.email)) throw new Conflict(ALREADY_AN_ACCOUNT);
        const role = pending.role ?? 'staff';
        const invitation = await sendInvitation(tx, actor, pending.email, role, contact);
        await recordActivity(tx, actor, {
          kind: 'staff.invited',
          summary: `Invitation sent again to ${pending.email} (${role})`,
          detail: { email: pending.email, role, expiresAt: invitation.expiresAt, again: true },
        });
        return invitation;
      });
    },

    async withdraw(actor: Actor, email: string): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(adminTokens)
          .where(and(eq(adminTokens.kind, 'invite'), isNull(adminTokens.usedAt), sameEmail(email)))
          .returning({ email: adminTokens.email, role: adminTokens.role });
        if (gone.length === 0) throw new NotFound(NO_SUCH_INVITATION);
        await recordActivity(tx, actor, {
          kind: 'staff.inviteWithdrawn',
          summary: `Invitation to ${gone[0]!.email} withdrawn`,
          detail: { email: gone[0]!.email, role: gone[0]!.role },
        });
      });
    },

    /** Deletes the account: its sessions go with it (cascade), so its next call answers 401. */
    async remove(actor: Actor, id: number): Promise<void> {
      if (id === actor.id) throw new Conflict(NOT_YOURSELF);
      await db.transaction(async (tx) => {
        const { person, owners } = await lockedPerson(tx, id);
        if (person.role === 'owner' && owners <= 1) throw new Conflict(LAST_OWNER);
        await tx.delete(admins).where(eq(admins.id, id));
        // Their reset links, if any, die with the account.
        await tx.delete(adminTokens).where(and(eq(adminTokens.kind, 'reset'), sameEmail(person.email)));
        await recordActivity(tx, actor, {
          kind: 'staff.removed',
          summary: `Removed ${person.email} (${person.role})`,
          detail: { id: person.id, email: person.email, role: person.role },
        });
      });
    },

    async changeRole(actor: Actor, id: number, role: AdminRole): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const { person, owners } = await lockedPerson(tx, id);
        if (person.role === role) return toMember(person);
        if (person.role === 'owner' && owners <= 1) throw new Conflict(LAST_OWNER);
        const [updated] = await tx.update(admins).set({ role }).where(eq(admins.id, id)).returning();
        await recordActivity(tx, actor, {
          kind: 'staff.roleChanged',
          summary: `${person.email}: ${person.role} → ${role}`,
          detail: { id: person.id, email: person.email, before: person.role, after: role },
        });
        return toMember(updated!);
      });
    },

    /** What a link is for (its page shows the email), or NotFound when it expired or was used. */
    async checkLink(token: string, kind: LinkKind, ip: string) {
      await linkTry(ip);
      const row = await liveLink(db, token, kind);
      return {
        email: row.email,
        role: kind === 'invite' ? (row.role ?? 'staff') : null,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /** Creates the invited account with its role and password, uses the link up, and signs the person in. */
    async acceptInvite(token: string, password: string, ip: string) {
      await linkTry(ip);
      const link = await liveLink(db, token, 'invite');
      const role = link.role ?? 'staff';
      const adminId = await adminAuth.setPassword(link.email, password, {
        account: { create: role },
        alsoInTransaction: async (tx, id) => {
          await spendLink(tx, token, 'invite');
          await recordActivity(
            tx,
            { id, email: link.email },
            {
              kind: 'staff.joined',
              summary: `${link.email} joined as ${role}`,
              detail: { email: link.email, role, invitedBy: link.createdBy },
            },
          );
        },
      });
      return { session: await sessions.createAdmin(adminId), email: link.email, role };
    },

    /** Always the same answer; a known admin email gets a reset link, an unknown one nothing. */
    async forgotPassword(email: string, ip: string): Promise<void> {
      await limiter.hit(`forgot:ip:${ip}`, FORGOT_LIMITS.perAddress, FORGOT_LIMITS.windowMs);
      await limiter.hit(`forgot:email:${email.toLowerCase()}`, FORGOT_LIMITS.perEmail, FORGOT_LIMITS.windowMs);
      const contact = await shop();
      await db.transaction(async (tx) => {
        const [account] = await tx.select({ email: admins.email }).from(admins).where(accountEmail(email)).limit(1);
        if (!account) return;
        // One live link at a time: asking again replaces the earlier one.
        await tx.delete(adminTokens).where(and(eq(adminTokens.kind, 'reset'), sameEmail(account.email)));
        const { token, tokenHash } = newToken();
        await tx.insert(adminTokens).values({
          tokenHash,
          kind: 'reset',
          email: account.email,
          createdAt: clock(),
          expiresAt: hoursFromNow(RESET_HOURS),
        });
        await enqueueEmail(tx, { to: account.email, ...resetEmail(contact, token), kind: 'password_reset' });
      });
    },

    /** Sets the new password (every session of theirs ends), uses the link up, and signs them in. */
    async resetPassword(token: string, password: string, ip: string) {
      await linkTry(ip);
      const link = await liveLink(db, token, 'reset');
      let role: AdminRole = 'staff';
      const adminId = await adminAuth.setPassword(link.email, password, {
        account: 'existing',
        alsoInTransaction: async (tx, id) => {
          await spendLink(tx, token, 'reset');
          const [row] = await tx.select({ role: admins.role }).from(admins).where(eq(admins.id, id));
          role = row?.role ?? 'staff';
          await recordActivity(
            tx,
            { id, email: link.email },
            {
              kind: 'password.reset',
              summary: `${link.email} set a new password through an emailed link`,
              detail: { email: link.email },
            },
          );
        },
      });
      return { session: await sessions.createAdmin(adminId), email: link.email, role };
    },

    /** A signed-in admin's own password: the current one must be right; this session stays, the others end. */
    async changePassword(
      admin: { id: number; email: string; sessionId: string },
      body: { currentPassword: string; newPassword: string },
      ip: string,
    ) {
      await adminAuth.changePassword(admin, body, ip, (tx) =>
        recordActivity(tx, admin, { kind: 'password.changed', summary: `${admin.email} changed their password` }),
      );
    },
  };
}
export type StaffService = ReturnType<typeof staffService>;
