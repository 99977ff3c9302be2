// Migration 0011 (issue 24 item 3): store credit issued before balances was a single-use CREDIT-
// promo; each becomes a balance with the same code, holding its amount while unused, so codes
// already emailed keep working. Runs the real migrations on PGlite: up to 0009, some old codes, then 0010-0011.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The committed migrations, with the journal cut after `lastTag`. */
function migrationsUpTo(lastTag: string) {
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
}

describe('migration 0011: CREDIT- promo codes become balances', () => {
  it('an unused code holds its amount, a used one holds 0, each with its ledger; the promos are gone', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    const db = drizzle(client);
    migrationsUpTo('0009_outbox_claim_order');
    await migrate(db, { migrationsFolder: folder });
    await client.query(`insert into promotions (code, type, discount_cents, rate_basis_points, kind, usage_limit, used_count, issued_to) values
      ('CREDIT-UNUSED23', 'dollarAmount', 12150, null, 'store_credit', 1, 0, 'zoe@example.com'),
      ('CREDIT-USED2345', 'dollarAmount', 5000, null, 'store_credit', 1, 1, 'zoe@example.com'),
      ('WELCOME10', 'percentage', null, 9000, 'campaign', null, 0, null)`);

    cpSync(migrationsFolder, folder, { recursive: true });
    await migrate(db, { migrationsFolder: folder });

    const balances = (
      await client.query<{ code: string; kind: string; issued_to: string; remaining_cents: number }>(
        `select code, kind, issued_to, remaining_cents from balances order by code`,
      )
    ).rows;
    expect(balances).toEqual([
      { code: 'CREDIT-UNUSED23', kind: 'store_credit', issued_to: 'zoe@example.com', remaining_cents: 12150 },
      { code: 'CREDIT-USED2345', kind: 'store_credit', issued_to: 'zoe@example.com', remaining_cents: 0 },
    ]);
    const ledger = (
      await client.query<{ code: string; kind: string; amount_cents: number }>(
        `select b.code, e.kind, e.amount_cents from balance_entries e join balances b on b.id = e.balance_id order by b.code, e.id`,
      )
    ).rows;
    expect(ledger).toEqual([
      { code: 'CREDIT-UNUSED23', kind: 'issued', amount_cents: 12150 },
      { code: 'CREDIT-USED2345', kind: 'issued', amount_cents: 5000 },
      { code: 'CREDIT-USED2345', kind: 'spent', amount_cents: 5000 },
    ]);
    expect((await client.query<{ code: string }>(`select code from promotions`)).rows).toEqual([{ code: 'WELCOME10' }]);
    await client.close();
  });
});
