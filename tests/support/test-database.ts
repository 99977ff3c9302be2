// A fresh database for one test file, from the snapshot/template built by global-setup.ts.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';

export type Fixture = 'empty' | 'demo';

export async function freshDatabase(fixture: Fixture = 'empty'): Promise<Database & { url?: string }> {
  const testDb = inject('testDb');
  if (testDb.kind === 'pglite') {
    const tar = readFileSync(testDb.snapshots[fixture]);
    return openDatabase({ memory: true, loadDataDir: new Blob([tar]) });
  }
  const name = `shop_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDb.databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${testDb.templates[fixture]}"`);
  await admin.end();
  const u = new URL(testDb.databaseUrl);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 5 });
  return {
    ...database,
    url: u.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: testDb.databaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
