// The server's shared behaviour: error answers, security headers, cross-site refusal, health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

describe('errors, headers and health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        app.get('/__boom', () => {
          throw new Error('connection string postgres://secret@db');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers a crash with a generic 500 and a request id, never the internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/__boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.message).toBe('Something went wrong on our side. Please try again.');
    expect(body.requestId).toMatch(/\S{8,}/);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('at ');
  });

  it('answers a payload that fails validation with 400 and what is wrong', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/authenticate', payload: { email: 'a@b.co' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid' });
    expect(res.json().message).toMatch(/password/i);
  });

  it("says each problem from Zod's issue code, and lists it with its path and Zod's own message only", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/authenticate',
      payload: { email: 'a@b.co', password: 24681357 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Password must be text');
    expect(body.issues).toEqual([{ path: ['password'], message: 'Invalid input: expected string, received number' }]);
    expect(res.body).not.toContain('24681357');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('answers an unknown call with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/noSuchCall', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('sends the short security header set with JSON answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/getCategories' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends pages with a content security policy and framing refused (needs npm run build)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/collections' });
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('refuses state-changing calls from another site', async () => {
    const bySite = await t.app.inject({
      method: 'POST',
      url: '/authenticate',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(bySite.statusCode).toBe(403);
    const byOrigin = await t.app.inject({
      method: 'POST',
      url: '/authenticate',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(byOrigin.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/authenticate',
      headers: { origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin' },
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('reports the database as reachable on /healthz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });
});

describe('/healthz without a database', () => {
  it('answers 503 when the database cannot be reached', async () => {
    const t = await createTestApp();
    await t.database.close();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'unavailable' });
    } finally {
      await t.app.close();
    }
  });
});

describe('content security policy with Stripe and PayPal', () => {
  it('allows Stripe.js only when Stripe is the card provider (needs npm run build)', async () => {
    const sandbox = await createTestApp();
    const stripe = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' },
    });
    try {
      const plain = (await sandbox.app.inject({ method: 'GET', url: '/cart/success' })).headers[
        'content-security-policy'
      ];
      const withStripe = (await stripe.app.inject({ method: 'GET', url: '/cart/success' })).headers[
        'content-security-policy'
      ];
      expect(plain).not.toContain('stripe');
      expect(withStripe).toContain("script-src 'self' https://js.stripe.com");
      expect(withStripe).toContain('frame-src https://js.stripe.com');
    } finally {
      await stripe.close();
      await sandbox.close();
    }
  });

  it("allows PayPal's JS SDK and its approval window only when PayPal is the express provider", async () => {
    const sandbox = await createTestApp();
    const paypal = await createTestApp({ env: { PAYPAL_CLIENT_ID: 'client', PAYPAL_CLIENT_SECRET: 'secret' } });
    try {
      const plain = (await sandbox.app.inject({ method: 'GET', url: '/cart/success' })).headers;
      const withPaypal = (await paypal.app.inject({ method: 'GET', url: '/cart/success' })).headers;
      expect(plain['content-security-policy']).not.toContain('paypal');
      expect(plain['cross-origin-opener-policy']).toBe('same-origin');
      expect(withPaypal['content-security-policy']).toContain(
        "script-src 'self' https://www.paypal.com https://www.paypalobjects.com",
      );
      expect(withPaypal['content-security-policy']).toContain(
        'frame-src https://www.paypal.com https://www.sandbox.paypal.com',
      );
      expect(withPaypal['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      const config = (await paypal.app.inject({ method: 'GET', url: '/checkout/config' })).json();
      expect(config).toMatchObject({
        express: 'paypal',
        paypalClientId: 'client',
        paypalSdkUrl: 'https://www.paypal.com/sdk/js',
      });
    } finally {
      await paypal.close();
      await sandbox.close();
    }
  });
});
