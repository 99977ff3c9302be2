// Issue 24 item 25: setting or resetting an admin's password ends every other session of that
// admin at once (a session opened before a reset is refused after it), by every way a password
// changes: `npm run admin` today, and the one service function a 'change password' call or a reset
// link will use.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { shopData, type ShopData } from '../support/fault-shop.js';
import { cookieFrom, createTestApp, type TestApp } from '../support/test-app.js';

const OWNER = { email: 'owner@murashki.test', password: 'correct horse battery' };
const STAFF = { email: 'staff@murashki.test', password: 'another long password' };

async function signIn(t: TestApp, account: { email: string; password: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/authenticate', payload: account });
  const cookie = cookieFrom(res, 'admin_sid');
  if (!cookie) throw new Error(`sign-in failed: ${res.body}`);
  return cookie;
}
const adminCall = (t: TestApp, cookie: string) =>
  t.app.inject({ method: 'GET', url: '/admin/api/getPlacedOrders', headers: { cookie } }).then((r) => r.statusCode);

describe('a password change or reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ctx.services.adminAuth.setPassword(OWNER.email, OWNER.password);
    await t.app.ctx.services.adminAuth.setPassword(STAFF.email, STAFF.password);
  });
  afterAll(() => t.close());

  it("a reset (npm run admin's call) ends every session of that admin, not another admin's", async () => {
    const laptop = await signIn(t, OWNER);
    const phone = await signIn(t, OWNER);
    const staff = await signIn(t, STAFF);
    expect([await adminCall(t, laptop), await adminCall(t, phone)]).toEqual([200, 200]);

    await t.app.ctx.services.adminAuth.setPassword(OWNER.email, 'a brand new password');

    expect(await adminCall(t, laptop)).toBe(401);
    expect(await adminCall(t, phone)).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/checkToken', headers: { cookie: laptop } })).json()).toBe(false);
    expect(await adminCall(t, staff)).toBe(200);
    // The new password signs in; the old one does not.
    expect((await t.app.inject({ method: 'POST', url: '/authenticate', payload: OWNER })).json()).toMatchObject({ error: true });
    expect(await adminCall(t, await signIn(t, { email: OWNER.email, password: 'a brand new password' }))).toBe(200);
  });

  it('a change made from a session keeps that session and ends the others', async () => {
    const here = await signIn(t, STAFF);
    const elsewhere = await signIn(t, STAFF);
    const signed = decodeURIComponent(here.slice('admin_sid='.length));
    const hereId = signed.slice(0, signed.lastIndexOf('.'));

    await t.app.ctx.services.adminAuth.setPassword(STAFF.email, 'staff changed it', { keepSessionId: hereId });

    expect(await adminCall(t, here)).toBe(200);
    expect(await adminCall(t, elsewhere)).toBe(401);
  });
});

describe('npm run admin -- <email> <new password>', () => {
  let data: ShopData;
  beforeAll(async () => {
    data = await shopData();
  });
  afterAll(() => data.cleanup());

  it('refuses, after it, a session opened before it (PGlite: with the shop stopped; PostgreSQL: any time)', async () => {
    const open = async () => createTestApp({ database: await data.open(), env: { DATA_DIR: data.env.DATA_DIR! } });
    let t = await open();
    await t.app.ctx.services.adminAuth.setPassword(OWNER.email, OWNER.password);
    const before = await signIn(t, OWNER);
    expect(await adminCall(t, before)).toBe(200);
    await t.app.close();
    await t.database.close();

    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', OWNER.email, 'reset after a leak'], {
      cwd: ROOT,
      env: { ...process.env, ...data.env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Admin ${OWNER.email} is ready`);

    t = await open();
    try {
      expect(await adminCall(t, before)).toBe(401);
      expect(await adminCall(t, await signIn(t, { email: OWNER.email, password: 'reset after a leak' }))).toBe(200);
    } finally {
      await t.app.close();
      await t.database.close();
    }
  }, 90_000);
});
