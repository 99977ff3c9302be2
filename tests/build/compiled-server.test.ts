// The compiled server of `npm run build` (dist/node, decision 047): plain node runs it, with no
// TypeScript loader and no dev dependency, from a folder holding only dist/, package.json and
// node_modules, and it finds its migrations, pictures and the web build there.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { builtinModules } from 'node:module';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PICTURES_PATH } from '../../src/domain/home-content.js';
import { shopData, type ShopData } from '../support/fault-shop.js';
import { ROOT, testUploadsDir } from '../support/paths.js';
import { freePort, refuseStaleBuild } from '../support/shop-process.js';

refuseStaleBuild();
const DIST = path.join(ROOT, 'dist', 'node');
const meta = JSON.parse(readFileSync(path.join(DIST, 'meta.json'), 'utf8')) as Metafile;
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
/** 'drizzle-orm/pglite' → drizzle-orm, '@react-email/html' → @react-email/html. */
const packageOf = (specifier: string) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(specifier);
/** No loader or flags from the test runner reach the shop: what `npm run serve` gives node. */
const plainNode = { NODE_OPTIONS: '' };

describe('the compiled server', () => {
  it('imports nothing but Node’s own modules and the run-time dependencies (none of devDependencies)', () => {
    const external = new Set<string>();
    for (const output of Object.values(meta.outputs)) {
      for (const imported of output.imports) if (imported.external) external.add(imported.path);
    }
    const packages = [...external].filter((s) => !isBuiltin(s)).map(packageOf);
    expect(packages.length).toBeGreaterThan(10);
    expect(packages.filter((p) => !(p in pkg.dependencies))).toEqual([]);
    expect(packages).not.toContain('tsx');
  });

  it('renders pages with a bundle that imports only run-time dependencies too (dist/server)', () => {
    const packages = new Set<string>();
    for (const entry of readdirSync(path.join(ROOT, 'dist', 'server'), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
      const code = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      // Vite writes each import on a line of its own: `import … from "x";`, `import "x";`, or `import("x")`.
      const specifiers = [
        ...code.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)";/gm),
        ...code.matchAll(/^import\s*"([^"]+)";/gm),
        ...code.matchAll(/\bimport\("([^"]+)"\)/g),
      ].map((m) => m[1]!);
      for (const specifier of specifiers) {
        if (!/^[./]/.test(specifier) && !isBuiltin(specifier)) packages.add(packageOf(specifier));
      }
    }
    expect(packages.size).toBeGreaterThan(2);
    expect([...packages].filter((p) => !(p in pkg.dependencies))).toEqual([]);
  });

  it('is built from the shop’s own source and nothing else (no test support, no script)', () => {
    const ours = Object.keys(meta.inputs).filter((file) => !file.startsWith('node_modules/'));
    expect(ours).toContain('src/server/main.ts');
    expect(ours).toContain('src/server/cli/admin.ts');
    expect(ours.filter((file) => !file.startsWith('src/') || /\.test\.tsx?$/.test(file))).toEqual([]);
  });

  it('carries the migrations and the built-in home pictures beside it', () => {
    const sql = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.sql'));
    expect(sql(path.join(DIST, 'migrations'))).toEqual(sql(path.join(ROOT, 'src/server/db/migrations')));
    expect(readdirSync(path.join(DIST, 'home-pictures'))).toEqual(readdirSync(path.join(ROOT, 'src/web/assets/home')));
  });
});

describe('node dist/node/main.js in a folder of dist/, package.json and node_modules only', () => {
  let data: ShopData;
  let app: string;
  let child: ChildProcess;
  let output = '';
  let url: string;
  beforeAll(async () => {
    data = await shopData();
    // The run's demo pictures, drawn once by the global setup (the boot would draw the missing ones).
    mkdirSync(testUploadsDir, { recursive: true });
    symlinkSync(testUploadsDir, path.join(data.env.DATA_DIR!, 'uploads'));
    app = mkdtempSync(path.join(os.tmpdir(), 'shop-compiled-'));
    cpSync(path.join(ROOT, 'dist'), path.join(app, 'dist'), { recursive: true });
    copyFileSync(path.join(ROOT, 'package.json'), path.join(app, 'package.json'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(app, 'dist', 'node', 'main.js')], {
      cwd: app,
      env: { ...process.env, ...data.env, ...plainNode, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    for (const deadline = Date.now() + 90_000; !output.includes('shop ready'); ) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`the compiled shop did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
  afterAll(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    await data?.cleanup();
    if (app) rmSync(app, { recursive: true, force: true });
  });

  it('runs as plain node, with no --import of a TypeScript loader', () => {
    const cmdline = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(cmdline.slice(1)).toEqual([path.join(app, 'dist', 'node', 'main.js')]);
  });

  it('finds the migrations it carries (every one applied) and renders the storefront from the web build', async () => {
    const migrations = readdirSync(path.join(ROOT, 'src/server/db/migrations')).filter((f) => f.endsWith('.sql'));
    expect(output).toContain(`"migrations":${migrations.length}`);
    const page = await fetch(`${url}/product/silk-balconette-bra`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-entry="/assets/');
    expect(html.toLowerCase()).toContain('silk balconette');
    const asset = /data-entry="(\/assets\/[^"]+)"/.exec(html)![1]!;
    expect((await fetch(`${url}${asset}`)).status).toBe(200);
    expect((await fetch(`${url}/product?url=silk-balconette-bra`)).status).toBe(200);
  });

  it('serves the built-in home pictures it carries', async () => {
    const picture = await fetch(`${url}${BUILT_IN_PICTURES_PATH}banner-desktop-small.jpg`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"shutting down"');
  });
});

describe('npm run admin (node dist/node/admin.js)', () => {
  it('creates an admin with plain node, and refuses a short password with its usage', async () => {
    const data = await shopData();
    try {
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [path.join(DIST, 'admin.js'), ...args], {
          cwd: ROOT,
          env: { ...process.env, ...data.env, ...plainNode },
          encoding: 'utf8',
          timeout: 60_000,
        });
      const refused = run('owner@shop.test', 'short');
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('password must be at least 10 characters');
      const created = run('owner@shop.test', 'a long password');
      expect(created.status, created.stderr).toBe(0);
    } finally {
      await data.cleanup();
    }
  }, 90_000);
});
