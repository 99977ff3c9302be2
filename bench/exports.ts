// npm run bench:exports [-- --orders=100000 --items=10000]: the orders CSV (issue 28 #5) of a shop with
// the scale data set, over HTTP from the built app: rows per second, and the process's memory while it
// streams (sampled every 20 ms), for a tenth of the orders and for all of them, so a flat line shows.
// On a fresh in-memory PGlite by default; on PostgreSQL when DATABASE_URL is set (a database of its
// own is made beside it and dropped after). Besides wall time it prints rows per CPU second of this
// process, a figure a busy machine (other processes on the same cores) disturbs much less.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { type Database, openDatabase, rowsOf } from '../src/server/db/client.js';
import { seedDemo } from '../src/server/db/seed/seed-demo.js';
import { seedScale } from '../src/server/db/seed/seed-scale.js';
import { rateLimiter } from '../src/server/http/rate-limit.js';
import { adminAuthService } from '../src/server/modules/admin-auth/admin-auth-service.js';
import { sessionService } from '../src/server/modules/session/session-service.js';
import { createMailer } from '../src/server/providers/mail/mailer.js';

const { values } = parseArgs({
  options: { orders: { type: 'string', default: '100000' }, items: { type: 'string', default: '10000' } },
});
const ORDERS = Number(values.orders);
const ITEMS = Number(values.items);
const OWNER = { email: 'bench-exports@example.com', password: 'bench-exports-password' };

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-exports-'));
const serverUrl = process.env.DATABASE_URL;
let dropDatabase = async () => {};
let database: Database;
if (serverUrl) {
  const name = `bench_exports_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: url.toString() });
  dropDatabase = async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  };
} else {
  database = await openDatabase({ memory: true });
}
const kind = serverUrl ? 'PostgreSQL' : 'PGlite';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

try {
  const started = Date.now();
  await database.migrate();
  await seedDemo(database.db, { uploadsDir: path.join(dataDir, 'uploads'), generatePictures: false });
  await seedScale(database.db, { items: ITEMS, orders: ORDERS, carts: 0, subscribers: 0 });
  await database.db.execute(sql`analyze`);
  await adminAuthService(database.db, sessionService(database.db), rateLimiter(database.db)).setPassword(
    OWNER.email,
    OWNER.password,
  );
  console.log(`${kind}: ${ORDERS} orders, ${ITEMS} items in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(24).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED: 'none',
  });
  const app = await buildApp({
    config,
    database,
    mailer: createMailer({ dataDir, from: config.mailFrom }),
    logger: false,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${address}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify(OWNER),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('admin_sid='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const owner: string = cookie;

  const [span] = rowsOf<{ first: string; last: string }>(
    await database.db.execute(
      sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD') as first, to_char(max(created_at) at time zone 'UTC', 'YYYY-MM-DD') as last from orders`,
    ),
  );
  // A tenth of the orders: the most recent days whose orders add up to about ORDERS / 10.
  const [tenth] = rowsOf<{ from: string }>(
    await database.db.execute(
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as "from" from orders order by created_at desc offset ${Math.floor(ORDERS / 10)} limit 1`,
    ),
  );

  /**
   * One export. `live`: every 100 ms a full garbage collection before the heap is read, so the peak
   * is what the export holds (its live set), not garbage V8 has not collected yet; slower, untimed.
   */
  async function exportOnce(label: string, from: string, to: string, live = false) {
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(
      () => {
        if (live) global.gc?.();
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed);
      },
      live ? 100 : 20,
    );
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const res = await fetch(`${address}/admin/api/exports/orders.csv?from=${from}&to=${to}`, {
      headers: { cookie: owner },
    });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    let lines = 0;
    let bytes = 0;
    let firstByteMs = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - t0;
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    clearInterval(sampler);
    const rows = lines - 1;
    if (live) {
      console.log(`${kind} ${label}: ${rows} rows; live heap peak +${mb(peakHeap - base.heapUsed)}`);
      return;
    }
    console.log(
      `${kind} ${label}: ${rows} rows, ${mb(bytes)} in ${(ms / 1000).toFixed(2)} s = ${Math.round(rows / (ms / 1000))} rows/s; ` +
        `${Math.round(rows / cpuSeconds)} rows per CPU second of this process (${serverUrl ? 'server and client; the database is another process' : 'server, client and PGlite'}); ` +
        `first byte ${firstByteMs.toFixed(0)} ms; heap peak +${mb(peakHeap - base.heapUsed)}, rss peak +${mb(peakRss - base.rss)}`,
    );
  }

  // One untimed warm-up, then a tenth and the whole.
  await exportOnce('warm-up (a tenth)', tenth!.from, span!.last);
  await exportOnce('a tenth', tenth!.from, span!.last);
  await exportOnce('all orders', span!.first, span!.last);
  await exportOnce('a tenth, live set', tenth!.from, span!.last, true);
  await exportOnce('all orders, live set', span!.first, span!.last, true);
  await app.close();
} finally {
  await database.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}
