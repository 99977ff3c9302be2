// Cold search timings on a PGlite data dir (no memo): node --import tsx /tmp/search-exp.ts DIR
import { openDatabase } from '../../src/server/db/client.js';
import { searchRepository } from '../../src/server/modules/search/search-repository.js';
import { searchWords } from '../../src/domain/search.js';
import { sql } from 'drizzle-orm';
const dir = process.argv[2]!;
const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: dir },
);
if (!process.env.NO_MIGRATE) await database.migrate();
const repo = searchRepository(database.db);
const queries = [
  'silk',
  'bra',
  'balconete',
  'black lace bra',
  'brief',
  'slik',
  'cashmere',
  'zzzz',
  'lace',
  'bodysuit',
  'noir',
  'creme',
  'longline',
  'silk slip dress',
  'ivory',
  'thong',
];
console.log(await database.db.execute(sql`select count(*) from item_search`));
const rounds = Number(process.env.ROUNDS ?? 2);
const times: number[] = [];
for (let round = 0; round < rounds; round++) {
  for (const q of queries) {
    const t = performance.now();
    const r = await repo.search(searchWords(q), 24, 0);
    const ms = performance.now() - t;
    if (round > 0) times.push(ms);
    if (process.env.VERBOSE) console.log(round, q.padEnd(18), r.total, ms.toFixed(1), 'ms');
  }
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
console.log(
  `cold queries after the first round: n=${times.length} p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
);
await database.close?.();
process.exit(0);
