// What a boot does to a database: migrations, the demo catalog on an empty one, the first admin.
import { count } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { ensureDemoPictures, prepareDatabase } from '../../src/server/boot.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { admins, categories, items } from '../../src/server/db/schema.js';
import { sessionService } from '../../src/server/modules/session/session-service.js';
import { freePort } from '../support/shop-process.js';
import { freshDatabase } from '../support/test-database.js';
import { ROOT, testUploadsDir } from '../support/paths.js';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import pg from 'pg';
import os from 'node:os';
import path from 'node:path';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  while (opened.length) await opened.pop()!.close();
});

function dataDirWithSharedPictures() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-boot-'));
  // Reuse the run's generated demo pictures instead of drawing them again.
  mkdirSync(testUploadsDir, { recursive: true });
  symlinkSync(testUploadsDir, path.join(dir, 'uploads'));
  return dir;
}

describe('prepareDatabase', () => {
  it('loads the demo catalog on an empty database and creates an admin with a generated password', async () => {
    const database = await freshDatabase('empty');
    opened.push(database);
    const config = loadConfig({ DATA_DIR: dataDirWithSharedPictures() });
    const report = await prepareDatabase(config, database);
    expect(report.seeded).toBe(true);
    expect(report.migrations).toBe(
      readdirSync(path.join(ROOT, 'src/server/db/migrations')).filter((f) => f.endsWith('.sql')).length,
    );
    expect(report.admin?.generatedPassword).toMatch(/^\S{12,}$/);
    const [n] = await database.db.select({ n: count() }).from(items);
    expect(n!.n).toBeGreaterThanOrEqual(24);

    const again = await prepareDatabase(config, database);
    expect(again.seeded).toBe(false);
    expect(again.admin).toBeUndefined();
    const [adminCount] = await database.db.select({ n: count() }).from(admins);
    expect(adminCount!.n).toBe(1);
  });

  it('creates the configured admin and loads nothing with SEED=none', async () => {
    const database = await freshDatabase('empty');
    opened.push(database);
    const config = loadConfig({
      DATA_DIR: dataDirWithSharedPictures(),
      SEED: 'none',
      ADMIN_EMAIL: 'owner@shop.test',
      ADMIN_PASSWORD: 'a long password',
    });
    const report = await prepareDatabase(config, database);
    expect(report).toMatchObject({ seeded: false, admin: { email: 'owner@shop.test', generatedPassword: undefined } });
    const [n] = await database.db.select({ n: count() }).from(categories);
    expect(n!.n).toBe(0);
  });
});

describe.runIf(inject('testDb').kind === 'postgres')('copies that boot together on one PostgreSQL', () => {
  it('migrate, load the demo catalog and create the admin once, one after the other', async () => {
    const testDb = inject('testDb');
    if (testDb.kind !== 'postgres') return;
    // A database with nothing in it, not even the migrations.
    const name = `shop_boot_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: testDb.databaseUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(testDb.databaseUrl);
    url.pathname = `/${name}`;
    try {
      const copies = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), poolSize: 3 })));
      try {
        const config = loadConfig({
          DATA_DIR: dataDirWithSharedPictures(),
          ADMIN_EMAIL: 'owner@boot.test',
          ADMIN_PASSWORD: 'a long password',
        });
        const reports = await Promise.all(copies.map((copy) => prepareDatabase(config, copy)));
        expect(reports.filter((r) => r.seeded)).toHaveLength(1);
        const [n] = await copies[0]!.db.select({ n: count() }).from(items);
        expect(n!.n).toBeGreaterThanOrEqual(24);
        const [owners] = await copies[0]!.db.select({ n: count() }).from(admins);
        expect(owners!.n).toBe(1);
      } finally {
        await Promise.all(copies.map((c) => c.close()));
      }
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});

describe('a second copy with a DATA_DIR of its own', () => {
  it("draws the demo pictures it lacks when the catalog shows them, and nothing when it doesn't", async () => {
    const database = await freshDatabase('demo');
    opened.push(database);
    // This copy's uploads: the run's demo pictures but one.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-copy-'));
    cpSync(testUploadsDir, path.join(dir, 'uploads'), { recursive: true });
    const missing = path.join(
      dir,
      'uploads',
      'demo',
      readdirSync(path.join(testUploadsDir, 'demo')).find((f) => f.endsWith('.jpg'))!,
    );
    rmSync(missing);
    expect(await ensureDemoPictures(loadConfig({ DATA_DIR: dir, SEED: 'none' }), database)).toBe(true);
    expect(existsSync(missing)).toBe(true);

    const bare = await freshDatabase('empty');
    opened.push(bare);
    expect(await ensureDemoPictures(loadConfig({ DATA_DIR: dir }), bare)).toBe(false);
  });
});

describe.runIf(inject('testDb').kind === 'pglite')('restarting on the embedded database', () => {
  it('keeps the catalog, the admin and sessions on disk in DATA_DIR', async () => {
    const dataDir = dataDirWithSharedPictures();
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: 'owner@shop.test', ADMIN_PASSWORD: 'a long password' });
    const first = await openDatabase({ dataDir });
    expect((await prepareDatabase(config, first)).seeded).toBe(true);
    const session = await sessionService(first.db).createShopper();
    await first.close();

    const second = await openDatabase({ dataDir });
    opened.push(second);
    const report = await prepareDatabase(config, second);
    expect(report).toMatchObject({ seeded: false, admin: undefined });
    expect(report.migrations).toBeGreaterThan(0);
    const [n] = await second.db.select({ n: count() }).from(items);
    expect(n!.n).toBeGreaterThanOrEqual(24);
    expect(await sessionService(second.db).findShopper(session.id)).toBeDefined();
  }, 60_000);
});

describe('starting with a bad configuration', () => {
  it('stops the boot with a message naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'shop-badenv-')) },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/PORT: /);
    expect(run.stderr).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace
  });
});

describe('npm run serve (production start on an existing build)', () => {
  it('hands SIGTERM sent to npm to the server, which shuts down cleanly (no orphan left serving)', async () => {
    const port = await freePort();
    const child = spawn('npm', ['run', 'serve'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDirWithSharedPictures(),
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED: 'none',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const health = () =>
      fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
    await expect.poll(health, { timeout: 60_000, interval: 250 }).toBe(200);
    child.kill('SIGTERM');
    await exited;
    await expect.poll(() => output, { timeout: 15_000 }).toContain('"msg":"shutting down"');
    await expect.poll(health, { timeout: 15_000 }).toBe(0);
  }, 90_000);
});
