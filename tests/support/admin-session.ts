// An app with a signed-in shop owner, for the admin API tests.
import type { LightMyRequestResponse } from 'fastify';
import { prepareDatabase } from '../../src/server/boot.js';
import { cookieFrom, createTestApp, type TestApp } from './test-app.js';

export const TEST_ADMIN = { email: 'owner@murashki.test', password: 'correct horse battery' };

export type AdminTestApp = TestApp & {
  /** The admin_sid cookie pair of a signed-in owner. */
  adminCookie: string;
  /** Same-origin admin call with the owner's cookie; JSON payload. */
  admin(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<LightMyRequestResponse>;
};

/** Signs the owner in on an app made by createTestApp (creating the account if needed); answers the admin_sid cookie pair. */
export async function adminCookie(t: TestApp): Promise<string> {
  await t.app.ctx.services.adminAuth.setPassword(TEST_ADMIN.email, TEST_ADMIN.password);
  const res = await t.app.inject({ method: 'POST', url: '/authenticate', payload: TEST_ADMIN });
  const cookie = cookieFrom(res, 'admin_sid');
  if (!cookie) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return cookie;
}

export async function createAdminTestApp(options: Parameters<typeof createTestApp>[0] = {}): Promise<AdminTestApp> {
  const t = await createTestApp({
    ...options,
    env: { ADMIN_EMAIL: TEST_ADMIN.email, ADMIN_PASSWORD: TEST_ADMIN.password, SEED: 'none', ...options.env },
  });
  await prepareDatabase(t.config, t.database);
  const res = await t.app.inject({ method: 'POST', url: '/authenticate', payload: TEST_ADMIN });
  const adminCookie = cookieFrom(res, 'admin_sid');
  if (!adminCookie) throw new Error(`admin sign-in failed: ${res.body}`);
  return {
    ...t,
    adminCookie,
    admin: (method, url, payload) =>
      t.app.inject({
        method,
        url,
        headers: { cookie: adminCookie, origin: t.config.publicUrl },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}
