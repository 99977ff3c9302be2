// Run by the bench before it starts a shop on a database it keeps between runs: the bench owner
// exists with a known password, and the promoter report's rate limit of earlier runs is forgotten.
// The tables are vacuumed and analysed, as autovacuum keeps a live database: right after the scale
// generator's bulk load there are no statistics and no visibility map (no index-only scans).
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { rateLimiter } from '../src/server/http/rate-limit.js';
import { adminAuthService } from '../src/server/modules/admin-auth/admin-auth-service.js';
import { sessionService } from '../src/server/modules/session/session-service.js';
import { BENCH_ADMIN } from './admin.js';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
try {
  await database.migrate();
  await adminAuthService(database.db, sessionService(database.db), rateLimiter(database.db)).setPassword(BENCH_ADMIN.email, BENCH_ADMIN.password);
  await database.db.execute(sql`delete from rate_limits where key like 'promo-report:%'`);
  await database.db.execute(sql`vacuum analyze`);
} finally {
  await database.close();
}
