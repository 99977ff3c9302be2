// npm run bench:boot: the shop's boot time (process start → listening) and memory (RSS after boot and
// after 1,000 product reads), from source through tsx and compiled (dist/node), on one demo database.
// Runs alternate between the ways so a busy machine weighs on each alike (decision 047 has the figures).
//   npm run build && npm run bench:boot -- --runs=5
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../tests/support/paths.js';
import { freePort, refuseStaleBuild, startShop } from '../tests/support/shop-process.js';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 5);
const READS = 1_000;
const WAYS = {
  // tsx keeps what it transpiled in a cache under the temp folder: warm after the first boot, empty on a
  // new container's first boot (TSX_DISABLE_CACHE=1 below).
  'tsx, cache empty': ['--import', 'tsx', 'src/server/main.ts'],
  tsx: ['--import', 'tsx', 'src/server/main.ts'],
  compiled: ['dist/node/main.js'],
  'compiled, source maps': ['--enable-source-maps', 'dist/node/main.js'],
} as const;
type Way = keyof typeof WAYS;
type Run = { bootMs: number; rssBootMb: number; rssReadsMb: number };

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
};

/** One boot on `dataDir`: spawn → Fastify's 'Server listening' line (its own clock), then the reads. */
async function bootOnce(way: Way, dataDir: string, urls: string[]): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base };
  const started = Date.now();
  const child = spawn(process.execPath, [...WAYS[way]], {
    cwd: ROOT,
    env: {
      ...env,
      SEED: 'none',
      LOG_LEVEL: 'info',
      NODE_OPTIONS: '',
      ...(way === 'tsx, cache empty' ? { TSX_DISABLE_CACHE: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let listenedAt = 0;
  let buffered = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the shop exited (${code}) before it was ready`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let at = buffered.indexOf('\n'); at !== -1; at = buffered.indexOf('\n')) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as { msg?: string; time?: number };
        if (entry.msg?.startsWith('Server listening')) listenedAt = entry.time ?? Date.now();
        if (entry.msg?.startsWith('shop ready')) resolve();
      }
    });
  });
  await ready;
  const bootMs = listenedAt - started;
  await new Promise((r) => setTimeout(r, 500));
  const rssBootMb = rssMb(child.pid!);
  for (let i = 0; i < READS; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async (_, k) => {
        const res = await fetch(`${base}/product?url=${encodeURIComponent(urls[(i + k) % urls.length]!)}`);
        if (!res.ok) throw new Error(`/product answered ${res.status}`);
        await res.arrayBuffer();
      }),
    );
  }
  const rssReadsMb = rssMb(child.pid!);
  child.kill('SIGTERM');
  await exited;
  return { bootMs, rssBootMb, rssReadsMb };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const figure = (xs: number[], digits: number) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

refuseStaleBuild();
// One demo database, loaded by a first boot; every measured boot starts on a copy of it (PGlite; on
// PostgreSQL with DATABASE_URL, that database, migrated and seeded once).
const seeded = mkdtempSync(path.join(os.tmpdir(), 'shop-boot-bench-'));
const first = await startShop({ DATA_DIR: seeded, SEED: 'demo', LOG_LEVEL: 'warn' }, 300_000, { server: 'compiled' });
const urls = ((await (await fetch(`${first.url}/getAllItems`)).json()) as { url: string }[]).map((i) => i.url);
await first.stop();

const results = new Map<Way, Run[]>(Object.keys(WAYS).map((w) => [w as Way, []]));
const load: number[] = [];
for (let run = 0; run < RUNS; run++) {
  for (const way of Object.keys(WAYS) as Way[]) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-boot-run-'));
    cpSync(seeded, dataDir, { recursive: true });
    load.push(os.loadavg()[0]!);
    results.get(way)!.push(await bootOnce(way, dataDir, urls));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
rmSync(seeded, { recursive: true, force: true });

console.log(
  `\n${RUNS} boots each on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, node ${process.version}, ` +
    `${os.cpus().length} cores, load average ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} (1 min)\n`,
);
console.log('| way | boot to listening, ms | RSS after boot, MB | RSS after 1,000 product reads, MB |');
console.log('|---|---|---|---|');
for (const [way, runs] of results) {
  console.log(
    `| ${way} | ${figure(
      runs.map((r) => r.bootMs),
      0,
    )} | ${figure(
      runs.map((r) => r.rssBootMb),
      0,
    )} | ${figure(
      runs.map((r) => r.rssReadsMb),
      0,
    )} |`,
  );
}
console.log('\nmedian (min–max)');
