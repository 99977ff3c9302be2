// Run by the bench before it starts a shop on a database it keeps between runs: the bench owner
// exists with a known password, and the promoter report's rate limit of earlier runs is forgotten.
// A database with fewer than one page of abandoned bags (the demo catalog has none) gets them:
// Non-Empty Carts is compared between the demo catalog and the scale data set, and an empty list
// against a page of 100 would measure nothing but the page's size (docs/performance.md says so).
// The tables are vacuumed and analysed, as autovacuum keeps a live database: right after the scale
// generator's bulk load there are no statistics and no visibility map (no index-only scans).
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '../src/server/boot.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { rateLimiter } from '../src/server/http/rate-limit.js';
import { adminAuthService } from '../src/server/modules/admin-auth/admin-auth-service.js';
import { sessionService } from '../src/server/modules/session/session-service.js';
import { NON_EMPTY_CARTS_PAGE } from '../src/contract/cart.js';
import { BENCH_ADMIN } from './admin.js';

// The demo catalog is loaded here when the database is new (as the shop would at its start), so
// the bags below have items to hold.
const config = loadConfig({ ...process.env, SEED: 'demo' });
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await prepareDatabase(config, database);
  await adminAuthService(database.db, sessionService(database.db), rateLimiter(database.db)).setPassword(
    BENCH_ADMIN.email,
    BENCH_ADMIN.password,
  );
  await database.db.execute(sql`delete from rate_limits where key like 'promo-report:%'`);
  await database.db.execute(sql`
    with offer as (
      select row_number() over (order by i.position, t.id, c.id, z.id) - 1 as k, i.id as item_id, t.type, c.color_name, z.name as size
        from items i join product_types t on t.item_id = i.id join colors c on c.product_type_id = t.id join sizes z on z.color_id = c.id
       where i.published),
    wanted as (
      select g from generate_series(1, ${NON_EMPTY_CARTS_PAGE}) g
       where (select count(*) from carts where exists (select 1 from cart_lines l where l.cart_id = carts.id)) < ${NON_EMPTY_CARTS_PAGE}
         and not exists (select 1 from carts where id = substr(md5('bench-cart-' || g), 1, 24))),
    sessions_made as (
      insert into sessions (id, kind, data, created_at, expires_at)
      select 'bench-session-' || g, 'shopper', '{}'::jsonb, now() - make_interval(mins => g), now() + interval '30 days' from wanted
      on conflict do nothing),
    carts_made as (
      insert into carts (id, session_id, created_at, updated_at)
      select substr(md5('bench-cart-' || g), 1, 24), 'bench-session-' || g, now() - make_interval(mins => g), now() - make_interval(mins => g) from wanted
      returning id)
    insert into cart_lines (cart_id, item_id, product_type, color, size, quantity, created_at)
    select substr(md5('bench-cart-' || g), 1, 24), o.item_id, o.type, o.color_name, o.size, 1, now() - make_interval(mins => g)
      from wanted join offer o on o.k = (g * 7) % (select count(*) from offer)
     where substr(md5('bench-cart-' || g), 1, 24) in (select id from carts_made)`);
  await database.db.execute(sql`vacuum analyze`);
} finally {
  await database.close();
}
