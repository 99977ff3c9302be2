import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../src/server/boot.js';
import { SIGNIN_LIMITS } from '../../src/server/modules/admin-auth/admin-auth-service.js';
import { cookieFrom, createTestApp, type TestApp } from '../support/test-app.js';

const ADMIN = { email: 'owner@murashki.test', password: 'correct horse battery' };

describe('admin sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED: 'none' } });
    await prepareDatabase(t.config, t.database);
  });
  afterAll(() => t.close());

  it('answers the error flag for a wrong password and sets no cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/authenticate',
      payload: { ...ADMIN, password: 'wrong one' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ error: true, message: 'Incorrect email or password' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers the error flag for an unknown email', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/authenticate',
      payload: { email: 'x@y.zz', password: 'whatever' },
    });
    expect(res.json()).toMatchObject({ error: true });
  });

  it('signs in, is recognised by /checkToken, and signs out', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/checkToken' });
    expect(before.json()).toBe(false);

    const res = await t.app.inject({
      method: 'POST',
      url: '/authenticate',
      payload: { ...ADMIN, email: ADMIN.email.toUpperCase() },
    });
    expect(res.json()).toEqual({ error: false });
    const cookie = cookieFrom(res, 'admin_sid')!;
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);

    const check = await t.app.inject({ method: 'GET', url: '/checkToken', headers: { cookie } });
    expect(check.json()).toBe(true);

    await t.app.inject({ method: 'POST', url: '/signout', headers: { cookie } });
    const after = await t.app.inject({ method: 'GET', url: '/checkToken', headers: { cookie } });
    expect(after.json()).toBe(false);
  });

  it("does not take a shopper's session for an admin one", async () => {
    const token = await t.app.inject({ method: 'GET', url: '/token' });
    const shopperId = cookieFrom(token, 'sid')!.split('=')[1];
    const res = await t.app.inject({
      method: 'GET',
      url: '/checkToken',
      headers: { cookie: `admin_sid=${shopperId}` },
    });
    expect(res.json()).toBe(false);
  });

  it('limits repeated attempts on one account from one address, without locking the owner out elsewhere', async () => {
    const email = 'victim@murashki.test';
    await t.app.ctx.services.adminAuth.setPassword(email, 'the victim owner password');
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/authenticate',
        remoteAddress: '203.0.113.60',
        payload: { email, password: `guess-${i}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, SIGNIN_LIMITS.perAccountAndAddress).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // The owner, at another address, signs in.
    const owner = await t.app.inject({
      method: 'POST',
      url: '/authenticate',
      remoteAddress: '198.51.100.60',
      payload: { email, password: 'the victim owner password' },
    });
    expect(owner.json()).toMatchObject({ error: false });
  });

  it(`counts only wrong tries against an account: ${SIGNIN_LIMITS.perAccount + 1} sign-ins in a row all go through`, async () => {
    const email = 'busy-owner@murashki.test';
    await t.app.ctx.services.adminAuth.setPassword(email, 'the busy owner password');
    for (let i = 0; i <= SIGNIN_LIMITS.perAccount; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/authenticate',
        remoteAddress: `10.79.${Math.floor(i / 10)}.${i % 10}`,
        payload: { email, password: 'the busy owner password' },
      });
      expect(res.json(), `sign-in ${i + 1}`).toMatchObject({ error: false });
    }
  });

  it(`stops guesses at one account spread over many addresses after ${SIGNIN_LIMITS.perAccount}`, async () => {
    const email = 'spread@murashki.test';
    for (let i = 0; i < SIGNIN_LIMITS.perAccount; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/authenticate',
        remoteAddress: `10.77.${Math.floor(i / 5)}.${i % 5}`,
        payload: { email, password: `guess-${i}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const next = await t.app.inject({
      method: 'POST',
      url: '/authenticate',
      remoteAddress: '10.78.0.1',
      payload: { email, password: 'guess' },
    });
    expect(next.statusCode).toBe(429);
  });
});

describe('sign-ins per address', () => {
  /** Right sign-ins of different accounts from one address: the per-address limit, not the account's, counts them. */
  async function codesFrom(t: TestApp, address: string, n: number) {
    const codes: number[] = [];
    for (let i = 0; i < n; i++) {
      const email = `person${i}@murashki.test`;
      await t.app.ctx.services.adminAuth.setPassword(email, 'a long enough password');
      const res = await t.app.inject({
        method: 'POST',
        url: '/authenticate',
        remoteAddress: address,
        payload: { email, password: 'a long enough password' },
      });
      codes.push(res.statusCode);
    }
    return codes;
  }

  it(`refuses the ${SIGNIN_LIMITS.perAddress + 1}st sign-in from one address in 15 minutes by default`, async () => {
    const t = await createTestApp();
    try {
      const codes = await codesFrom(t, '203.0.113.80', SIGNIN_LIMITS.perAddress + 1);
      expect(codes.slice(0, SIGNIN_LIMITS.perAddress).every((c) => c === 200)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('lets more through when SIGNIN_LIMIT_PER_ADDRESS raises it (a team behind one address)', async () => {
    const t = await createTestApp({ env: { SIGNIN_LIMIT_PER_ADDRESS: String(SIGNIN_LIMITS.perAddress + 5) } });
    try {
      const codes = await codesFrom(t, '203.0.113.81', SIGNIN_LIMITS.perAddress + 6);
      expect(codes.slice(0, SIGNIN_LIMITS.perAddress + 5).every((c) => c === 200)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });
});
