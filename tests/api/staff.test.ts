// Issue 26 #4, #5: staff, roles, invitations by a one-time link, removal, passwords and the reset link.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ALREADY_AN_ACCOUNT,
  FORGOT_ANSWER,
  INVITE_LINK_GONE,
  LAST_OWNER,
  PASSWORD_TOO_SHORT,
  RESET_LINK_GONE,
  WRONG_CURRENT_PASSWORD,
} from '../../src/contract/staff.js';
import { OWNER_ONLY } from '../../src/contract/values/admin.js';
import { activity, adminTokens, admins, emailOutbox } from '../../src/server/db/schema.js';
import { createAdminTestApp, TEST_ADMIN, type AdminTestApp } from '../support/admin-session.js';
import { cookieFrom } from '../support/test-app.js';

let now = new Date('2026-11-26T12:00:00Z');
let t: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp({ clock: () => now });
});
afterAll(() => t.close());
beforeEach(() => {
  now = new Date(now.getTime() + 60_000);
});

type Method = 'GET' | 'POST';
/** A call with `cookie` (or none), same-origin, from its own address (rate limits count per address). */
const as = (cookie: string | undefined, method: Method, url: string, payload?: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method,
    url,
    remoteAddress: ip,
    headers: { origin: t.config.publicUrl, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function signIn(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/authenticate', payload: { email, password } });
  const cookie = cookieFrom(res, 'admin_sid');
  if (!cookie) throw new Error(`sign-in failed: ${res.body}`);
  return cookie;
}

/** The newest email to `to`, and the one-time link path in it. */
async function lastMailTo(to: string) {
  const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id));
  const link = mail?.text.match(/\/admin\/(invite|reset)\/([A-Za-z0-9_-]+)/);
  return { mail, token: link?.[2], path: link?.[0] };
}
const mailsTo = async (to: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).length;
const activityOf = async (kind: string) =>
  t.db.select().from(activity).where(eq(activity.kind, kind)).orderBy(desc(activity.id));

/** Invites `email` as `role` and accepts with `password`: the new person's cookie. */
async function joined(email: string, role: 'owner' | 'staff', password = 'a long enough password') {
  expect((await t.admin('POST', '/admin/api/inviteStaff', { email, role })).statusCode).toBe(200);
  const { token } = await lastMailTo(email);
  const res = await as(undefined, 'POST', '/admin/acceptInvite', { token, password });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res, 'admin_sid')!;
}

const OWNER_CALLS: [Method, string, unknown][] = [
  ['GET', '/admin/api/settings', undefined],
  ['POST', '/admin/api/settings', {}],
  ['GET', '/admin/api/staff', undefined],
  ['POST', '/admin/api/inviteStaff', { email: 'x@example.com', role: 'staff' }],
  ['POST', '/admin/api/resendInvite', { email: 'x@example.com' }],
  ['POST', '/admin/api/withdrawInvite', { email: 'x@example.com' }],
  ['POST', '/admin/api/removeStaff', { id: 1 }],
  ['POST', '/admin/api/changeStaffRole', { id: 1, role: 'staff' }],
  ['GET', '/admin/api/activity', undefined],
];

describe('who may call what', () => {
  it('answers 401 to every staff call without a session', async () => {
    for (const [method, url, payload] of [
      ...OWNER_CALLS.filter(([, url]) => url.includes('Staff') || url.includes('Invite') || url.endsWith('/staff')),
      ['POST', '/admin/api/changePassword', { currentPassword: 'x', newPassword: 'y'.repeat(12) }] as const,
    ]) {
      const res = await as(undefined, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('answers 403 to staff on every owner-only call (a call not in this branch yet is skipped)', async () => {
    const staff = await joined('gate.staff@example.com', 'staff');
    const [someone] = await t.db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email));
    const before = (await t.db.select().from(activity)).length;
    let checked = 0;
    for (const [method, url, payload] of OWNER_CALLS) {
      if (!t.app.hasRoute({ method, url })) continue; // another engineer's call, not merged here yet
      const res = await as(staff, method, url, url.endsWith('removeStaff') ? { id: someone!.id } : payload);
      expect({ url, status: res.statusCode, message: res.json().message }).toEqual({
        url,
        status: 403,
        message: OWNER_ONLY,
      });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(6);
    // Refused: nothing changed, nothing recorded.
    expect((await t.db.select().from(activity)).length).toBe(before);
    expect(await t.db.select().from(admins).where(eq(admins.id, someone!.id))).toHaveLength(1);
    // …and what staff may do, they do.
    expect((await as(staff, 'GET', '/admin/api/getAllPromotions')).statusCode).toBe(200);
    expect((await as(staff, 'GET', '/admin/api/me')).json()).toMatchObject({ role: 'staff' });
  });

  it('says what is wrong with an invitation', async () => {
    const bad = await t.admin('POST', '/admin/api/inviteStaff', { email: 'not-an-email', role: 'staff' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Invalid email address.');
    const role = await t.admin('POST', '/admin/api/inviteStaff', { email: 'ok@example.com', role: 'boss' });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toContain('Choose owner or staff');
    const taken = await t.admin('POST', '/admin/api/inviteStaff', {
      email: TEST_ADMIN.email.toUpperCase(),
      role: 'staff',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(ALREADY_AN_ACCOUNT);
    expect(await mailsTo(TEST_ADMIN.email.toUpperCase())).toBe(0);
  });
});

describe('an invitation', () => {
  it('emails a one-time link (only its hash kept) that signs the invitee in with the role', async () => {
    const res = await t.admin('POST', '/admin/api/inviteStaff', { email: 'ann@example.com', role: 'staff' });
    expect(res.statusCode).toBe(200);
    expect(res.json().invitation).toMatchObject({
      email: 'ann@example.com',
      role: 'staff',
      expiresAt: new Date(now.getTime() + 48 * 3_600_000).toISOString(),
    });
    const { mail, token, path } = await lastMailTo('ann@example.com');
    expect(mail?.subject).toBe('You are invited to the Murashki back office');
    expect(mail?.html).toContain(`${t.config.publicUrl}${path}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.select().from(adminTokens).where(eq(adminTokens.email, 'ann@example.com'));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token!);
    expect(JSON.stringify(stored)).not.toContain(token!);
    expect((await activityOf('staff.invited'))[0]).toMatchObject({ adminEmail: TEST_ADMIN.email });

    // The list shows it pending.
    const list = (await t.admin('GET', '/admin/api/staff')).json();
    expect(list.invitations.map((i: { email: string }) => i.email)).toContain('ann@example.com');

    // The page asks what the link is for.
    const check = await as(undefined, 'POST', '/admin/checkLink', { token, kind: 'invite' });
    expect(check.json()).toMatchObject({ email: 'ann@example.com', role: 'staff' });

    const short = await as(undefined, 'POST', '/admin/acceptInvite', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(PASSWORD_TOO_SHORT);

    const accepted = await as(undefined, 'POST', '/admin/acceptInvite', { token, password: 'ann has a password' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ ok: true, email: 'ann@example.com', role: 'staff' });
    const cookie = cookieFrom(accepted, 'admin_sid')!;
    expect((await as(cookie, 'GET', '/admin/api/me')).json()).toMatchObject({
      email: 'ann@example.com',
      role: 'staff',
    });
    expect((await activityOf('staff.joined'))[0]).toMatchObject({ adminEmail: 'ann@example.com' });
    // The password works at the sign-in form too.
    await signIn('ann@example.com', 'ann has a password');

    // Used once: a second use is refused and changes nothing.
    const joinedBefore = (await activityOf('staff.joined')).length;
    const again = await as(undefined, 'POST', '/admin/acceptInvite', { token, password: 'someone else entirely' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(INVITE_LINK_GONE);
    expect((await as(undefined, 'POST', '/admin/checkLink', { token, kind: 'invite' })).json().message).toBe(
      INVITE_LINK_GONE,
    );
    expect((await activityOf('staff.joined')).length).toBe(joinedBefore);
    await signIn('ann@example.com', 'ann has a password');
    const after = (await t.admin('GET', '/admin/api/staff')).json();
    expect(after.invitations.map((i: { email: string }) => i.email)).not.toContain('ann@example.com');
    expect(after.people).toContainEqual(expect.objectContaining({ email: 'ann@example.com', role: 'staff' }));
  });

  it('expires after 48 hours: refused, nothing made', async () => {
    await t.admin('POST', '/admin/api/inviteStaff', { email: 'late@example.com', role: 'owner' });
    const { token } = await lastMailTo('late@example.com');
    const saved = now;
    now = new Date(now.getTime() + 48 * 3_600_000 + 1000);
    try {
      const res = await as(undefined, 'POST', '/admin/acceptInvite', { token, password: 'too late for this' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(INVITE_LINK_GONE);
      expect(await t.db.select().from(admins).where(eq(admins.email, 'late@example.com'))).toEqual([]);
    } finally {
      now = saved;
    }
  });

  it('can be sent again (the old link stops working) and withdrawn', async () => {
    await t.admin('POST', '/admin/api/inviteStaff', { email: 'bo@example.com', role: 'staff' });
    const first = (await lastMailTo('bo@example.com')).token;
    const resent = await t.admin('POST', '/admin/api/resendInvite', { email: 'bo@example.com' });
    expect(resent.statusCode).toBe(200);
    const second = (await lastMailTo('bo@example.com')).token;
    expect(second).not.toBe(first);
    expect((await as(undefined, 'POST', '/admin/checkLink', { token: first, kind: 'invite' })).statusCode).toBe(404);
    expect((await as(undefined, 'POST', '/admin/checkLink', { token: second, kind: 'invite' })).statusCode).toBe(200);

    const withdrawn = await t.admin('POST', '/admin/api/withdrawInvite', { email: 'bo@example.com' });
    expect(withdrawn.statusCode).toBe(200);
    expect((await as(undefined, 'POST', '/admin/checkLink', { token: second, kind: 'invite' })).statusCode).toBe(404);
    expect((await activityOf('staff.inviteWithdrawn'))[0]?.summary).toContain('bo@example.com');
    expect((await t.admin('POST', '/admin/api/withdrawInvite', { email: 'bo@example.com' })).statusCode).toBe(404);
  });
});

describe('removing a person', () => {
  it("ends that person's sessions at once; Activity keeps their email", async () => {
    const cookie = await joined('cy@example.com', 'staff');
    const phone = await signIn('cy@example.com', 'a long enough password');
    expect((await as(cookie, 'GET', '/admin/api/getPlacedOrders')).statusCode).toBe(200);
    const [cy] = await t.db.select().from(admins).where(eq(admins.email, 'cy@example.com'));

    const res = await t.admin('POST', '/admin/api/removeStaff', { id: cy!.id });
    expect(res.statusCode).toBe(200);
    expect((await as(cookie, 'GET', '/admin/api/getPlacedOrders')).statusCode).toBe(401);
    expect((await as(phone, 'GET', '/admin/api/me')).statusCode).toBe(401);
    expect((await as(cookie, 'GET', '/checkToken')).json()).toBe(false);
    expect((await activityOf('staff.removed'))[0]?.summary).toContain('cy@example.com');
    expect((await activityOf('staff.joined')).some((a) => a.adminEmail === 'cy@example.com')).toBe(true);
    expect((await t.admin('POST', '/admin/api/removeStaff', { id: cy!.id })).statusCode).toBe(404);
  });

  it('never removes or demotes the last owner', async () => {
    const [owner] = await t.db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email));
    const before = (await t.db.select().from(activity)).length;
    const self = await t.admin('POST', '/admin/api/removeStaff', { id: owner!.id });
    expect(self.statusCode).toBe(409);
    const demote = await t.admin('POST', '/admin/api/changeStaffRole', { id: owner!.id, role: 'staff' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(LAST_OWNER);
    expect((await t.db.select().from(activity)).length).toBe(before);

    // With a second owner, one may be demoted; then the other is the last again.
    const second = await joined('dee@example.com', 'owner');
    const [dee] = await t.db.select().from(admins).where(eq(admins.email, 'dee@example.com'));
    const ok = await as(second, 'POST', '/admin/api/changeStaffRole', { id: owner!.id, role: 'staff' });
    expect(ok.statusCode).toBe(200);
    expect((await activityOf('staff.roleChanged'))[0]?.adminEmail).toBe('dee@example.com');
    // The demoted owner is staff from their very next call.
    expect((await t.admin('GET', '/admin/api/staff')).statusCode).toBe(403);
    const last = await as(second, 'POST', '/admin/api/changeStaffRole', { id: dee!.id, role: 'staff' });
    expect(last.json().message).toBe(LAST_OWNER);
    // Back as it was.
    expect((await as(second, 'POST', '/admin/api/changeStaffRole', { id: owner!.id, role: 'owner' })).statusCode).toBe(
      200,
    );
    expect((await t.admin('POST', '/admin/api/removeStaff', { id: dee!.id })).statusCode).toBe(200);
  });
});

describe('changing one’s own password', () => {
  it('refuses a wrong current password, and keeps this session while ending the others', async () => {
    const here = await joined('eve@example.com', 'staff', 'eve first password');
    const elsewhere = await signIn('eve@example.com', 'eve first password');
    const before = (await activityOf('password.changed')).length;

    const wrong = await as(here, 'POST', '/admin/api/changePassword', {
      currentPassword: 'not it at all',
      newPassword: 'eve second password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(WRONG_CURRENT_PASSWORD);
    expect((await activityOf('password.changed')).length).toBe(before);
    const short = await as(here, 'POST', '/admin/api/changePassword', {
      currentPassword: 'eve first password',
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain(PASSWORD_TOO_SHORT);

    const ok = await as(here, 'POST', '/admin/api/changePassword', {
      currentPassword: 'eve first password',
      newPassword: 'eve second password',
    });
    expect(ok.statusCode).toBe(200);
    expect((await as(here, 'GET', '/admin/api/me')).statusCode).toBe(200);
    expect((await as(elsewhere, 'GET', '/admin/api/me')).statusCode).toBe(401);
    await signIn('eve@example.com', 'eve second password');
    expect((await activityOf('password.changed'))[0]).toMatchObject({ adminEmail: 'eve@example.com' });
  });

  it('limits wrong tries as sign-in does', async () => {
    const cookie = await joined('finn@example.com', 'staff', 'finn first password');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await as(
        cookie,
        'POST',
        '/admin/api/changePassword',
        { currentPassword: `guess ${i}`, newPassword: 'finn second password' },
        '10.0.9.9',
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('forgot password', () => {
  it('gives one answer; a known email gets one link, an unknown one nothing', async () => {
    const known = await as(undefined, 'POST', '/admin/forgotPassword', { email: TEST_ADMIN.email }, '10.0.1.1');
    const unknown = await as(undefined, 'POST', '/admin/forgotPassword', { email: 'nobody@example.com' }, '10.0.1.1');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ ok: true, message: FORGOT_ANSWER });
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo(TEST_ADMIN.email)).toBe(1);
    expect(await mailsTo('nobody@example.com')).toBe(0);
    expect(
      await t.db
        .select()
        .from(adminTokens)
        .where(and(eq(adminTokens.kind, 'reset'), eq(adminTokens.email, 'nobody@example.com'))),
    ).toEqual([]);
  });

  it('a reset link sets the password once, ends every session, signs in; it lasts an hour', async () => {
    const oldSession = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    await as(undefined, 'POST', '/admin/forgotPassword', { email: TEST_ADMIN.email }, '10.0.2.1');
    const { token, mail } = await lastMailTo(TEST_ADMIN.email);
    expect(mail?.subject).toBe('Set a new password for the Murashki back office');
    expect((await as(undefined, 'POST', '/admin/checkLink', { token, kind: 'reset' })).json()).toMatchObject({
      email: TEST_ADMIN.email,
      role: null,
    });
    // An invitation's call does not take a reset link.
    expect((await as(undefined, 'POST', '/admin/acceptInvite', { token, password: 'x'.repeat(12) })).statusCode).toBe(
      404,
    );

    const res = await as(undefined, 'POST', '/admin/resetPassword', { token, password: 'the new owner password' });
    expect(res.statusCode).toBe(200);
    const fresh = cookieFrom(res, 'admin_sid')!;
    expect((await as(fresh, 'GET', '/admin/api/me')).json()).toMatchObject({ email: TEST_ADMIN.email, role: 'owner' });
    expect((await as(oldSession, 'GET', '/admin/api/me')).statusCode).toBe(401);
    expect((await activityOf('password.reset'))[0]).toMatchObject({ adminEmail: TEST_ADMIN.email });

    const twice = await as(undefined, 'POST', '/admin/resetPassword', { token, password: 'and yet another one' });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(RESET_LINK_GONE);
    await signIn(TEST_ADMIN.email, 'the new owner password');

    // A link older than an hour is refused.
    await as(undefined, 'POST', '/admin/forgotPassword', { email: TEST_ADMIN.email }, '10.0.2.2');
    const late = (await lastMailTo(TEST_ADMIN.email)).token;
    const saved = now;
    now = new Date(now.getTime() + 3_600_000 + 1000);
    try {
      const gone = await as(undefined, 'POST', '/admin/resetPassword', { token: late, password: 'too late for it' });
      expect(gone.statusCode).toBe(404);
    } finally {
      now = saved;
    }
    await signIn(TEST_ADMIN.email, 'the new owner password');
    // Back to the password the other tests sign in with.
    await t.app.ctx.services.adminAuth.setPassword(TEST_ADMIN.email, TEST_ADMIN.password);
    // t.admin's cookie was ended by the reset: sign in again for the tests after this one.
    const cookie = await signIn(TEST_ADMIN.email, TEST_ADMIN.password);
    t = { ...t, adminCookie: cookie, admin: (method, url, payload) => as(cookie, method, url, payload) };
  });

  it('is rate-limited per email', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await as(undefined, 'POST', '/admin/forgotPassword', { email: 'Ann@Example.com' }, `10.0.3.${i}`);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('promotions: the promoter side is the owner’s', () => {
  it('refuses staff a pass or a payout (403), takes the rest', async () => {
    const staff = await joined('gil@example.com', 'staff');
    const base = { code: 'STAFF10', type: 'percentage', discount: 0.9 };
    const withPass = await as(staff, 'POST', '/admin/api/createPromotions', { ...base, password: 'a promoter pass' });
    expect(withPass.statusCode).toBe(403);
    expect(withPass.json().message).toBe(OWNER_ONLY);
    const withPayout = await as(staff, 'POST', '/admin/api/createPromotions', { ...base, payout: 5 });
    expect(withPayout.statusCode).toBe(403);
    const plain = await as(staff, 'POST', '/admin/api/createPromotions', { ...base, payout: 0 });
    expect(plain.statusCode).toBe(200);
    const id = plain.json().promotion._id;

    // The owner sets a payout; staff may edit the rest and send the payout back unchanged.
    expect((await t.admin('POST', '/admin/api/updatePromotions', { _id: id, payout: 3 })).statusCode).toBe(200);
    expect(
      (await as(staff, 'POST', '/admin/api/updatePromotions', { _id: id, discount: 0.8, payout: 3 })).statusCode,
    ).toBe(200);
    expect((await as(staff, 'POST', '/admin/api/updatePromotions', { _id: id, payout: 4 })).statusCode).toBe(403);
    expect(
      (await as(staff, 'POST', '/admin/api/updatePromotions', { _id: id, password: 'a promoter pass' })).statusCode,
    ).toBe(403);
    const [listed] = (await t.admin('GET', '/admin/api/getAllPromotions')).json();
    expect(listed).toMatchObject({ code: 'STAFF10', discount: 0.8, payout: 3, hasPassword: false });
  });
});
