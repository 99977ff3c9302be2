// Fault: the SMTP server is down while shoppers order and sign up (issue #8 item 4). The real shop
// runs as a child process with SMTP_URL on a port where nothing listens: the order and the signup
// succeed, their emails wait in the outbox, and once an SMTP server comes up on that port they
// arrive by the outbox's own retries (5 s, 10 s, 20 s … after each failure), with no restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/client.js';
import { freePort, startShop, type ShopProcess } from '../support/shop-process.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { openSelections, prepareCheckout, shopData, type ShopData } from '../support/fault-shop.js';
import { US_SHOPPER } from '../support/shoppers.js';

const shopper = { ...US_SHOPPER, email: 'outage-shopper@example.com' };
const subscriber = 'outage-subscriber@example.com';

describe('an SMTP outage loses no email', () => {
  let data: ShopData;
  let shop: ShopProcess | undefined;
  let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
  let smtpPort: number;

  beforeAll(async () => {
    data = await shopData();
    smtpPort = await freePort(); // nothing listens here until the test starts the sink
    shop = await startShop({ ...data.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, LOG_LEVEL: 'warn' });
  });
  afterAll(async () => {
    await shop?.stop();
    await sink?.close();
    await data?.cleanup();
  });

  it('keeps the order and its emails while SMTP is down and delivers them when it is back', async () => {
    const url = shop!.url;
    const [piece] = await openSelections(url);
    const checkout = await prepareCheckout(url, [piece!], shopper);
    const placed = await checkout.place();
    expect(placed.status, await placed.clone().text()).toBe(200);
    const { orderId } = (await placed.json()) as { orderId: number };
    expect(orderId).toBeGreaterThan(0);

    const signup = await fetch(`${url}/newsletterSub`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: subscriber }),
    });
    expect(signup.status).toBe(200);
    expect(await signup.json()).toEqual({ success: true });

    // The worker tried and failed (connection refused): both emails are logged as failed deliveries.
    await expect
      .poll(() => (shop!.output().match(/email delivery failed/g) ?? []).length, { timeout: 15_000, interval: 200 })
      .toBeGreaterThanOrEqual(2);
    expect(shop!.output()).toMatch(/ECONNREFUSED/);
    // The order is there for the shopper while the mail waits.
    const success = await fetch(`${url}/stageCheck`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: checkout.cookie },
      body: JSON.stringify({ stage: 'success' }),
    });
    expect(await success.json()).toMatchObject({ validStep: 'success', orderId });

    // SMTP comes back on the same port; the next retries (≤ 20 s with the backoff) deliver both.
    sink = await startSmtpSink(smtpPort);
    const arrivedTo = () => sink!.received.flatMap((m) => m.to);
    await expect
      .poll(arrivedTo, { timeout: 40_000, interval: 250 })
      .toEqual(expect.arrayContaining([shopper.email, subscriber]));
    const confirmation = sink.received.find((m) => m.to.includes(shopper.email))!;
    expect(confirmation.raw).toContain(String(orderId));

    // Stop the shop (PGlite has one owner) and read the outbox: sent after more than one attempt, once each.
    await shop!.stop();
    shop = undefined;
    const database = await data.open();
    try {
      const rows = rowsOf<{ to: string; kind: string; status: string; attempts: number; last_error: string | null }>(
        await database.db.execute(sql`select "to", kind, status, attempts, last_error from email_outbox order by id`),
      );
      const mine = rows.filter((r) => r.to === shopper.email || r.to === subscriber);
      expect(mine.map((r) => r.kind).sort()).toEqual(['newsletter_welcome', 'order_confirmation']);
      for (const row of mine) {
        expect(row.status).toBe('sent');
        expect(row.attempts).toBeGreaterThanOrEqual(2);
        expect(row.last_error).toBeNull();
      }
      expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
      const orders = rowsOf<{ id: string }>(
        await database.db.execute(sql`select id from orders where email = ${shopper.email}`),
      );
      expect(orders.map((o) => Number(o.id))).toEqual([orderId]);
      // Exactly one copy of each mail arrived.
      expect(arrivedTo().filter((to) => to === shopper.email)).toHaveLength(1);
      expect(arrivedTo().filter((to) => to === subscriber)).toHaveLength(1);
    } finally {
      await database.close();
    }
  }, 90_000);
});
