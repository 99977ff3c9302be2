// Signing in as the shop owner in API tests: creates the admin account if needed and answers the
// `admin_sid=…` cookie of a fresh admin session.
import { cookieFrom, type TestApp } from './test-app.js';

export const TEST_ADMIN = { email: 'owner@murashki.test', password: 'correct horse battery' };

export async function adminCookie(t: TestApp): Promise<string> {
  await t.app.ctx.services.adminAuth.setPassword(TEST_ADMIN.email, TEST_ADMIN.password);
  const res = await t.app.inject({ method: 'POST', url: '/authenticate', payload: TEST_ADMIN });
  const cookie = cookieFrom(res, 'admin_sid');
  if (!cookie) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return cookie;
}
