// npm run seed:scale [-- --items=N --orders=N --order-days=N]: adds the scale data set (src/server/db/seed/seed-scale.ts)
// to the shop's database (DATABASE_URL, or PGlite under DATA_DIR), seeding the demo catalog first when
// the database is empty. Refuses to run twice on the same database.
import { parseArgs } from 'node:util';
import { prepareDatabase } from '../src/server/boot.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { isScaled, SCALE_DEFAULTS, seedScale } from '../src/server/db/seed/seed-scale.js';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: String(SCALE_DEFAULTS.items) },
    orders: { type: 'string', default: String(SCALE_DEFAULTS.orders) },
    carts: { type: 'string', default: String(SCALE_DEFAULTS.carts) },
    subscribers: { type: 'string', default: String(SCALE_DEFAULTS.subscribers) },
    // Issue 28: the days the orders are spread over (365: all of them in the Overview's 12 months).
    'order-days': { type: 'string', default: process.env.SCALE_ORDER_DAYS ?? String(SCALE_DEFAULTS.orderDays) },
  },
});
const options = {
  items: Number(values.items),
  orders: Number(values.orders),
  carts: Number(values.carts),
  subscribers: Number(values.subscribers),
  orderDays: Number(values['order-days']),
};
for (const [k, v] of Object.entries(options)) {
  if (!Number.isInteger(v) || v < 0) {
    console.error(`--${k} must be a whole number, got ${String(v)}`);
    process.exit(2);
  }
}

const config = loadConfig({ ...process.env, SEED: 'demo' });
const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await prepareDatabase(config, database);
  if (await isScaled(database.db)) {
    console.log('seed:scale: this database already holds the scale data; nothing to do');
  } else {
    const started = Date.now();
    const counts = await seedScale(database.db, options);
    console.log(`seed:scale on ${database.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
    for (const [what, n] of Object.entries(counts)) console.log(`  ${String(n).padStart(8)} ${what}`);
  }
} finally {
  await database.close();
}
