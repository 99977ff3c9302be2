// Issue 24 item 25: setting or resetting an admin's password ends every other session of that
// admin at once (a session opened before a reset is refused after it), by every way a password
// changes: `npm run admin` today, and the one service function a 'change password' call or a reset
// link will use.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { shopData, type ShopData } from '../support/fault-shop.js';
import { startShop, type ShopProcess } from '../support/shop-process.js';
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
    expect((await t.app.inject({ method: 'POST', url: '/authenticate', payload: OWNER })).json()).toMatchObject({
      error: true,
    });
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

/** `npm run admin -- <email> <password>` on the shop data `data`, as the owner runs it. */
function runAdminCli(data: ShopData, email: string, password: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', email, password], {
    cwd: ROOT,
    env: { ...process.env, ...data.env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

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

    const run = runAdminCli(data, OWNER.email, 'reset after a leak');
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

// Issue 24 item 26: on PGlite, a second process on the shop's folder works on a copy that the running
// shop never sees and overwrites: the CLI refuses while the shop holds the folder, and works once it
// is stopped (or killed) and on PostgreSQL while the shop runs.
describe('npm run admin while the shop runs', () => {
  const pglite = inject('testDb').kind === 'pglite';
  let data: ShopData;
  let shop: ShopProcess | undefined;
  beforeAll(async () => {
    data = await shopData();
  });
  afterAll(async () => {
    await shop?.stop();
    await data.cleanup();
  });
  const signIn = (password: string) =>
    fetch(`${shop!.url}/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: shop!.url },
      body: JSON.stringify({ email: OWNER.email, password }),
    }).then((r) => r.json() as Promise<{ error: boolean }>);

  it.runIf(pglite)(
    'on PGlite: refuses with a clear message while the shop holds DATA_DIR, changes nothing; works once the shop is stopped or killed',
    async () => {
      const env = { ...data.env, ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, LOG_LEVEL: 'error' };
      shop = await startShop(env);
      const lockFile = path.join(data.env.DATA_DIR!, 'db.lock');
      expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toMatchObject({ pid: shop.child.pid, what: 'the shop' });

      const refused = runAdminCli(data, OWNER.email, 'changed while running');
      expect(refused.status).toBe(1);
      expect(refused.stdout).not.toContain('is ready');
      expect(refused.stderr).toContain(
        `npm run admin cannot change the embedded database while the shop (pid ${shop.child.pid}) runs on ${data.env.DATA_DIR}`,
      );
      expect(refused.stderr).toContain('Stop the shop, run npm run admin again, then start the shop.');
      expect(await signIn(OWNER.password)).toEqual({ error: false });

      // A second shop on the same folder is refused as well.
      await expect(startShop(env, 30_000)).rejects.toThrow(/in use by the shop/);

      // Stopped cleanly: the lock goes, and the CLI's change is the one the next boot serves.
      await shop.stop();
      shop = undefined;
      expect(existsSync(lockFile)).toBe(false);
      expect(runAdminCli(data, OWNER.email, 'changed while stopped').status).toBe(0);

      // Killed (kill -9): the lock names a dead process and is taken over.
      shop = await startShop(env);
      shop.child.kill('SIGKILL');
      await shop.stop();
      expect(existsSync(lockFile)).toBe(true);
      const afterKill = runAdminCli(data, OWNER.email, 'changed after a crash');
      expect(afterKill.stderr).toBe('');
      expect(afterKill.status).toBe(0);

      shop = await startShop(env);
      expect(await signIn('changed while stopped')).toMatchObject({ error: true });
      expect(await signIn('changed after a crash')).toEqual({ error: false });
    },
    180_000,
  );

  it.runIf(!pglite)(
    'on PostgreSQL: works while the shop runs, and the running shop takes the new password at once',
    async () => {
      shop = await startShop({
        ...data.env,
        ADMIN_EMAIL: OWNER.email,
        ADMIN_PASSWORD: OWNER.password,
        LOG_LEVEL: 'error',
      });
      const run = runAdminCli(data, OWNER.email, 'changed while running');
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(await signIn(OWNER.password)).toMatchObject({ error: true });
      expect(await signIn('changed while running')).toEqual({ error: false });
    },
    120_000,
  );
});
