// Fault: PostgreSQL goes away and comes back while the shop runs (issue #8 item 4). The machine's
// PostgreSQL is shared, so the test puts a small TCP proxy between the shop and it and cuts the
// proxy (every connection closed, new ones refused) while requests are in flight: the shop answers
// 503 with a message — never hangs, never a 500 — and once the proxy is back it recovers by itself,
// with no restart: an order placed afterwards works, and no order answered with a 200 is lost.
// Runs only on PostgreSQL (DATABASE_URL set).
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/client.js';
import { startShop, type ShopProcess } from '../support/shop-process.js';
import { openSelections, prepareCheckout, shopData, type ShopData } from '../support/fault-shop.js';
import { US_SHOPPER } from '../support/shoppers.js';

/** A TCP proxy to `target` that can be cut (all connections closed, new ones dropped) and restored. */
async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let cut = false;
  const server: Server = createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      cut = true;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore() {
      cut = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)(
  'PostgreSQL connection lost and back (skipped without DATABASE_URL: PGlite runs inside the process)',
  () => {
    let data: ShopData;
    let proxy: Awaited<ReturnType<typeof tcpProxy>>;
    let shop: ShopProcess | undefined;

    beforeAll(async () => {
      data = await shopData();
      const direct = new URL(data.env.DATABASE_URL!);
      proxy = await tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const viaProxy = new URL(direct);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      shop = await startShop({ ...data.env, DATABASE_URL: viaProxy.toString(), LOG_LEVEL: 'error' });
    });
    afterAll(async () => {
      await shop?.stop();
      await proxy?.close();
      await data?.cleanup();
    });

    it('answers 503 while the database is away and recovers by itself when it is back', async () => {
      const url = shop!.url;
      const selections = await openSelections(url);
      const placedBefore: number[] = [];
      const before = await prepareCheckout(url, [selections[0]!], { ...US_SHOPPER, email: 'pg-before@example.com' });
      const first = await before.place();
      expect(first.status).toBe(200);
      placedBefore.push(((await first.json()) as { orderId: number }).orderId);

      // Requests in flight when the proxy is cut, then requests while it stays cut.
      const during = await prepareCheckout(url, [selections[1]!], { ...US_SHOPPER, email: 'pg-during@example.com' });
      const timed = async (p: string, init?: RequestInit) => {
        const started = Date.now();
        const res = await fetch(`${url}${p}`, { ...init, signal: AbortSignal.timeout(20_000) });
        return { status: res.status, body: await res.text(), ms: Date.now() - started };
      };
      const inFlight = Array.from({ length: 6 }, () => timed('/token'));
      const placing = during.place().then(async (r) => ({ status: r.status, body: await r.text() }));
      proxy.cut();
      const answers = await Promise.all(inFlight);
      const placed = await placing;
      const whileCut = [
        await timed('/healthz'),
        await timed('/token'),
        await timed('/addToCart', {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: during.cookie },
          body: JSON.stringify([selections[2]]),
        }),
      ];
      for (const a of [...answers, ...whileCut]) {
        expect([200, 503], a.body).toContain(a.status); // answered before the cut, or 503
        expect(a.ms).toBeLessThan(15_000);
        expect(a.body).not.toMatch(/\n\s+at /); // no stack
      }
      for (const a of whileCut) {
        expect(a.status, a.body).toBe(503);
        expect(JSON.parse(a.body)).toMatchObject({ error: 'unavailable', message: expect.stringMatching(/\w+ \w+/) });
      }
      expect([200, 503]).toContain(placed.status);
      if (placed.status === 200) placedBefore.push((JSON.parse(placed.body) as { orderId: number }).orderId);

      // Back: the shop recovers without a restart.
      proxy.restore();
      await expect
        .poll(async () => (await fetch(`${url}/healthz`)).status, { timeout: 20_000, interval: 250 })
        .toBe(200);
      const after = await prepareCheckout(url, [selections[3]!], { ...US_SHOPPER, email: 'pg-after@example.com' });
      const res = await after.place();
      expect(res.status, await res.clone().text()).toBe(200);
      placedBefore.push(((await res.json()) as { orderId: number }).orderId);
      expect(shop!.child.exitCode).toBeNull();

      const database = await data.open();
      try {
        const ids = rowsOf<{ id: string }>(await database.db.execute(sql`select id from orders`)).map((r) =>
          Number(r.id),
        );
        for (const id of placedBefore) expect(ids).toContain(id);
      } finally {
        await database.close();
      }
    }, 90_000);
  },
);
