// GET /metrics (issue 29 #4): Prometheus figures behind METRICS_TOKEN, or on METRICS_PORT; they move
// after a request (the fast path's answers included), a mail, a refused sign-in and the rest.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item } from '../../src/contract/catalog.js';
import { orders, sandboxPayments } from '../../src/server/db/schema.js';
import { enqueueEmail, outboxWorker } from '../../src/server/jobs/outbox.js';
import { createMailer } from '../../src/server/providers/mail/mailer.js';
import { CAPTURE_GRACE_MS } from '../../src/server/modules/checkout/checkout-service.js';
import { shopData, type ShopData } from '../support/fault-shop.js';
import { placeOrder, selectionOf } from '../support/place-order.js';
import { freePort, startShop, type ShopProcess } from '../support/shop-process.js';
import { US_SHOPPER } from '../support/shoppers.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { prepareDatabase } from '../../src/server/boot.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const ADMIN = { email: 'owner@murashki.test', password: 'correct horse battery' };

/** The value of one series in a Prometheus text exposition (labels matched exactly), or undefined. */
function figure(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(found).length && wanted.every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const requests = (route: string, method: string, statusClass: string) => (text: string) =>
  figure(text, 'murashki_http_request_duration_seconds_count', { route, method, status_class: statusClass }) ?? 0;

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let base: string;
  let throughFastify = 0;

  beforeAll(async () => {
    t = await createTestApp({
      fixture: 'demo',
      env: {
        METRICS_TOKEN: TOKEN,
        SIGNIN_LIMIT_PER_ADDRESS: '3',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      beforeReady: (app) => app.addHook('onRequest', async () => void throughFastify++),
    });
    await prepareDatabase(t.config, t.database);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('refuses a scrape without the token or with a wrong one (401), and answers the figures with it', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, 'Bearer ']) {
      const res = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const body = (await res.json()) as { error: string; message: string };
      expect(body).toMatchObject({ error: 'unauthorized', message: expect.stringContaining('METRICS_TOKEN') });
      expect(JSON.stringify(body)).not.toContain('murashki_');
    }
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain('# TYPE murashki_http_request_duration_seconds histogram');
    // Node's own figures, event-loop delay first among them.
    expect(figure(text, 'murashki_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toContain('murashki_nodejs_eventloop_lag_p99_seconds');
    expect(text).toContain('murashki_process_resident_memory_bytes');
  });

  it('counts each request under its route pattern, method and status class, the fast path’s answers included', async () => {
    const product = requests('/product', 'GET', '2xx');
    const before = await scrape();
    await t.app.ctx.services.readModel.invalidate();
    const fastifyBefore = throughFastify;
    const cold = await fetch(`${base}/product?url=silk-balconette-bra`);
    const warm = await fetch(`${base}/product?url=silk-balconette-bra`);
    expect([cold.status, warm.status]).toEqual([200, 200]);
    // The first read went through Fastify, the second was answered before it (the fast path).
    expect(throughFastify - fastifyBefore).toBe(1);
    expect((await fetch(`${base}/nothing-here`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${base}/healthz`, { method: 'HEAD' })).status).toBe(200);
    const after = await scrape();

    expect(product(after) - product(before)).toBe(2);
    expect(requests('unmatched', 'POST', '4xx')(after) - requests('unmatched', 'POST', '4xx')(before)).toBe(1);
    // A GET route's HEAD twin counts its answers once.
    expect(requests('/healthz', 'HEAD', '2xx')(after) - requests('/healthz', 'HEAD', '2xx')(before)).toBe(1);
    // Route patterns only: no raw URL, no query, no shopper-chosen text becomes a label.
    expect(after).not.toContain('silk-balconette-bra');
    expect(after).not.toContain('nothing-here');
    const sum = (text: string) =>
      figure(text, 'murashki_http_request_duration_seconds_sum', {
        route: '/product',
        method: 'GET',
        status_class: '2xx',
      }) ?? 0;
    expect(sum(after)).toBeGreaterThan(sum(before));
  });

  it('counts mail sent and mail the server refuses, and shows the outbox backlog draining', async () => {
    const sink = await startSmtpSink(0, { refuse: (address) => (address === 'nobody@example.com' ? 550 : undefined) });
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${sink.port}`,
      dataDir: t.dataDir,
      from: t.config.mailFrom,
    });
    try {
      const before = await scrape();
      const message = { subject: 'Metrics', html: '<p>Hello</p>', text: 'Hello', kind: 'test' };
      await enqueueEmail(t.db, { ...message, to: 'someone@example.com' });
      await enqueueEmail(t.db, { ...message, to: 'nobody@example.com' });
      const queued = await scrape();
      const backlog = (text: string) => figure(text, 'murashki_mail_outbox_backlog')!;
      expect(backlog(queued) - backlog(before)).toBe(2);

      const quiet = { warn: () => {}, info: () => {} };
      const sent = await outboxWorker(t.db, mailer, quiet).runOnce();
      const after = await scrape();
      expect(sent).toBeGreaterThanOrEqual(1);
      const count = (text: string, name: string, labels?: Record<string, string>) => figure(text, name, labels) ?? 0;
      expect(count(after, 'murashki_mail_sent_total') - count(before, 'murashki_mail_sent_total')).toBe(sent);
      const givenUp = { outcome: 'given_up' };
      expect(
        count(after, 'murashki_mail_failed_total', givenUp) - count(before, 'murashki_mail_failed_total', givenUp),
      ).toBe(1);
      expect(backlog(after)).toBe(0);
    } finally {
      mailer.close();
      await sink.close();
    }
  });

  it('counts a sign-in refused for a wrong password, and those the rate limit refuses', async () => {
    const before = await scrape();
    const signIn = () =>
      fetch(`${base}/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...ADMIN, password: 'not the password' }),
      });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await signIn()).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    const after = await scrape();
    const refused = (text: string) => figure(text, 'murashki_signin_refusals_total') ?? 0;
    const limited = (text: string) => figure(text, 'murashki_rate_limit_refusals_total', { limit: 'signin' }) ?? 0;
    expect(refused(after) - refused(before)).toBe(3);
    expect(limited(after) - limited(before)).toBe(1);
    expect(requests('/authenticate', 'POST', '4xx')(after) - requests('/authenticate', 'POST', '4xx')(before)).toBe(1);
  });

  it('counts a capture recovery could not make', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/getAllItems' })).json() as Item[];
    const id = await placeOrder(t.app, {
      pieces: [selectionOf(all, 'silk-balconette-bra')],
      shopper: { ...US_SHOPPER, email: 'metrics-capture@example.com' },
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    // A crash left it authorised only, and the authorisation was cancelled since.
    await t.db
      .update(orders)
      .set({ pendingCaptureId: order!.paymentReference, createdAt: sql`now() - interval '1 hour'` })
      .where(eq(orders.id, id));
    await t.db
      .update(sandboxPayments)
      .set({ status: 'canceled', amountCapturedCents: 0 })
      .where(eq(sandboxPayments.id, order!.paymentReference!));
    const failures = (text: string) =>
      figure(text, 'murashki_capture_recovery_failures_total', { stage: 'capture' }) ?? 0;
    const before = await scrape();
    expect(await t.app.ctx.services.checkout.recoverCaptures(CAPTURE_GRACE_MS)).toBe(0);
    expect(failures(await scrape()) - failures(before)).toBe(1);
  });

  it('counts read-model refreshes and says the read model listens', async () => {
    const refreshes = (text: string) => figure(text, 'murashki_read_model_refreshes_total') ?? 0;
    const before = await scrape();
    await t.app.ctx.services.readModel.invalidate();
    const after = await scrape();
    expect(refreshes(after)).toBeGreaterThan(refreshes(before));
    expect(figure(after, 'murashki_read_model_listening')).toBe(1);
  });

  it('shows the PostgreSQL pool’s use (PGlite has no pool: no such figures)', async () => {
    const text = await scrape();
    if (t.database.kind === 'postgres') {
      expect(figure(text, 'murashki_db_pool_max_connections')).toBeGreaterThan(0);
      expect(figure(text, 'murashki_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(figure(text, 'murashki_db_pool_connections', { state: 'busy' })).toBeGreaterThanOrEqual(0);
      expect(figure(text, 'murashki_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('murashki_db_pool');
    }
  });
});

describe('GET /metrics switched off', () => {
  it('answers 404 when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('murashki_');
    } finally {
      await t.close();
    }
  });

  it('answers 404 on the shop’s port when METRICS_PORT is set (it is served there only)', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, METRICS_PORT: String(await freePort()) } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('murashki_');
    } finally {
      await t.close();
    }
  });
});

describe('METRICS_PORT', () => {
  let data: ShopData;
  let shop: ShopProcess | undefined;
  let metricsPort: number;

  beforeAll(async () => {
    data = await shopData();
    metricsPort = await freePort();
    shop = await startShop({ ...data.env, METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' });
  });
  afterAll(async () => {
    await shop?.stop();
    await data?.cleanup();
  });

  it('serves the figures on their own port, without a token, and nothing else there', async () => {
    expect((await fetch(`${shop!.url}/getAllItems`)).status).toBe(200);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(requests('/getAllItems', 'GET', '2xx')(text)).toBeGreaterThanOrEqual(1);
    expect(figure(text, 'murashki_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);

    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${shop!.url}/metrics`)).status).toBe(404);
  });
});
