// Starts the real shop as a child process, for browser journeys, fault tests and the benchmark: from
// source through tsx, or the compiled server of `npm run build` (dist/node), as production runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { ROOT } from './paths.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export type ShopProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
};

/**
 * `source`: src/server/main.ts through tsx (no build needed: the API tests that start a shop).
 * `compiled`: dist/node/main.js with plain node, what `npm run serve` runs (the journeys, the bench,
 * Lighthouse; they need `npm run build` for the web app anyway). SHOP_SERVER=source|compiled overrides
 * it for a run, e.g. to try journeys against server changes not yet built.
 */
export type ShopServer = 'source' | 'compiled';

export const COMPILED_SERVER = path.join(ROOT, 'dist', 'node', 'main.js');

export async function startShop(
  env: Record<string, string>,
  timeoutMs = 120_000,
  options: { server?: ShopServer } = {},
): Promise<ShopProcess> {
  const server = serverOverride() ?? options.server ?? 'source';
  if (server === 'compiled') refuseStaleBuild();
  // freePort() closes its probe before the shop listens: another process can take the port in
  // between (test files start shops in parallel), so a lost race is retried on a new port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startShopOnce(env, timeoutMs, server);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

function serverOverride(): ShopServer | undefined {
  const value = process.env.SHOP_SERVER;
  if (value === undefined || value === '') return undefined;
  if (value === 'source' || value === 'compiled') return value;
  throw new Error(`SHOP_SERVER must be source or compiled, not ${value}`);
}

/**
 * A build older than the code would test yesterday's shop: refused, naming the newer file. Every file
 * under src/ (tests aside) may be in the compiled server; all but src/server's are in the web app.
 */
export function refuseStaleBuild() {
  const builtAt = (file: string) => {
    try {
      return statSync(file).mtimeMs;
    } catch {
      throw new Error(`${path.relative(ROOT, file)} is missing: run npm run build`);
    }
  };
  const server = builtAt(COMPILED_SERVER);
  const web = builtAt(path.join(ROOT, 'dist', 'client', '.vite', 'manifest.json'));
  for (const entry of readdirSync(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = path.relative(ROOT, path.join(entry.parentPath, entry.name));
    const changedAt = statSync(path.join(ROOT, file)).mtimeMs;
    const webStale = !file.startsWith(`src${path.sep}server${path.sep}`) && changedAt > web;
    if (webStale || changedAt > server) {
      throw new Error(
        `${file} changed after the last build: run npm run build${webStale ? '' : ' (or npm run build:server)'}, ` +
          'or set SHOP_SERVER=source to start the shop from source',
      );
    }
  }
}

async function startShopOnce(env: Record<string, string>, timeoutMs: number, server: ShopServer): Promise<ShopProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // SHOP_NODE_ARGS: extra Node flags for the shop, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a bench run.
  const nodeArgs = process.env.SHOP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const entry = server === 'compiled' ? [COMPILED_SERVER] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited during start-up:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the shop did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
