// Runs one SQL statement on a PGlite data dir: node --import tsx bench/experiments/sql.ts DIR "SQL"
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.js';

const database = await openDatabase({ dataDir: process.argv[2]! });
console.log(JSON.stringify(await database.db.execute(sql.raw(process.argv[3]!))).slice(0, 2000));
process.exit(0);
