import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, type TestApp } from '../support/test-app.js';

describe('GET /token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a session cookie that is HttpOnly and SameSite=Lax, and reports a new session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/token' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ newSession: true });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^sid=/);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(header).not.toMatch(/Secure/i);
  });

  it('keeps an existing session instead of creating another', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/token' });
    const cookie = cookieFrom(first, 'sid')!;
    const second = await t.app.inject({ method: 'GET', url: '/token', headers: { cookie } });
    expect(second.json()).toEqual({ newSession: false });
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('replaces a forged cookie with a new session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/token', headers: { cookie: 'sid=made-up.signature' } });
    expect(res.json()).toEqual({ newSession: true });
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=/);
  });
});

describe('GET /token behind https', () => {
  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.com' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/token' });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/i);
    } finally {
      await t.close();
    }
  });
});
