// Runs once per test run: builds the databases every test file starts from, by the real
// migrations (and the real demo seed). PGlite: snapshots of the data directory. PostgreSQL
// (DATABASE_URL set): template databases, copied per test file with CREATE DATABASE … TEMPLATE.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { seedDemo } from '../../src/server/db/seed/seed-demo.js';
import { TEST_TMP, testUploadsDir } from './paths.js';

export default async function setup(project: TestProject) {
  mkdirSync(TEST_TMP, { recursive: true });
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const run = `${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const templates = { empty: `shop_tpl_empty_${run}`, demo: `shop_tpl_demo_${run}` };
    for (const [kind, name] of Object.entries(templates)) {
      await admin.query(`create database "${name}"`);
      const database = await openDatabase({ databaseUrl: withDatabase(databaseUrl, name), poolSize: 2 });
      await database.migrate();
      if (kind === 'demo') await seedDemo(database.db, { uploadsDir: testUploadsDir });
      await database.close();
    }
    project.provide('testDb', { kind: 'postgres', databaseUrl, templates });
    return async () => {
      for (const name of Object.values(templates)) await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  const snapshots = { empty: path.join(TEST_TMP, 'pglite-empty.tar'), demo: path.join(TEST_TMP, 'pglite-demo.tar') };
  for (const [kind, file] of Object.entries(snapshots)) {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    if (kind === 'demo') await seedDemo(database.db, { uploadsDir: testUploadsDir });
    const blob = await database.dumpDataDir!();
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    await database.close();
  }
  project.provide('testDb', { kind: 'pglite', snapshots });
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb:
      | { kind: 'postgres'; databaseUrl: string; templates: { empty: string; demo: string } }
      | { kind: 'pglite'; snapshots: { empty: string; demo: string } };
  }
}
