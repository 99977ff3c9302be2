// VACUUM ANALYZE a PGlite data dir (as the bench's prepare-db does): node --import tsx bench/experiments/vacuum.ts DIR
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.js';

const database = await openDatabase({ dataDir: process.argv[2]! });
await database.db.execute(sql`vacuum analyze`);
process.exit(0);
