// EXPLAIN ANALYZE of the search's two statements on a PGlite data dir: node --import tsx bench/experiments/search-explain.ts DIR WORD
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../src/server/db/client.js';

const database = await openDatabase({ dataDir: process.argv[2]! });
const w = process.argv[3] ?? 'zzzz';
const db = database.db;
const show = async (q: ReturnType<typeof sql>) => {
  const rows = rowsOf<Record<string, string>>(await db.execute(q));
  console.log(rows.map((r) => Object.values(r)[0]).join('\n'));
};
console.log(await db.execute(sql`select count(*) from search_words`));
await show(
  sql`explain analyze select array(select s.word from search_words s where ${w} <% s.word and s.word <> ${w} order by word_similarity(${w}, s.word) desc, s.word limit 5)`,
);
await show(
  sql`explain analyze select item_id, position, created_at from item_search where published and vector @@ to_tsquery('english'::regconfig, ${`${w}:*`})`,
);
await show(sql`explain analyze with hits as (select item_id, position, created_at, (title_vector @@ to_tsquery('english'::regconfig, ${`${w}:*`}))::int as in_title from item_search where published and vector @@ to_tsquery('english'::regconfig, ${`${w}:*`}))
  select item_id as id, count(*) over () as total from hits order by in_title desc, position, created_at, item_id limit 24`);
process.exit(0);
