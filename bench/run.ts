// npm run bench: starts a hello-world baseline and the built shop, loads each with autocannon
// (50 connections, 10 s by default, browser-like Accept-Encoding) and prints req/s, p50/p99 and the
// ratio to hello world.
// Flags: --duration=SECONDS --connections=N --only=substring. On PostgreSQL when DATABASE_URL is set.
import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import pg from 'pg';
import { ROOT } from '../tests/support/paths.js';
import { freePort, startShop } from '../tests/support/shop-process.js';
import { percentile, timeCheckouts } from './checkout.js';
import { routes, stepBody, type BenchRoute } from './routes.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
  },
});
const duration = Number(flags.duration);
const connections = Number(flags.connections);

type Figures = { name: string; rps: number; p50: number; p99: number; errors: number };

async function load(
  url: string,
  route: Pick<BenchRoute, 'name' | 'method' | 'path' | 'body' | 'sequence'>,
  extraHeaders: Record<string, string> = {},
  shoppers: string[] = [],
): Promise<Figures> {
  let nextShopper = 0;
  const sequence = route.sequence && {
    requests: route.sequence.map((step) => ({
      method: step.method,
      path: step.path,
      ...(step.body === undefined ? {} : { body: JSON.stringify(stepBody(step.body)) }),
      headers: {
        'accept-encoding': 'gzip, deflate, br',
        ...(step.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      // Each connection is one shopper: its own session cookie, kept in the connection's context.
      setupRequest: (request: CannonRequest, context: { cookie?: string }): CannonRequest => {
        context.cookie ??= shoppers[nextShopper++ % shoppers.length];
        return { ...request, headers: { ...request.headers, cookie: context.cookie ?? '' } };
      },
    })),
  };
  const result = await autocannon({
    ...sequence,
    url: url + route.path,
    method: route.method ?? 'GET',
    connections,
    duration,
    // As a browser sends it; the hello world ignores it.
    headers: {
      'accept-encoding': 'gzip, deflate, br',
      ...(route.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...extraHeaders,
    },
    body: route.body === undefined ? undefined : JSON.stringify(route.body),
  });
  return {
    name: route.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function startHello() {
  const port = await freePort();
  const child = fork(path.join(ROOT, 'bench/hello.ts'), [String(port)], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function shopEnv(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void>; label: string }> {
  if (process.env.DATABASE_URL) {
    const name = `shop_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    const dataDir = path.join(ROOT, '.tmp', 'bench-pg-data');
    mkdirSync(dataDir, { recursive: true });
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: u.toString() },
      label: 'PostgreSQL',
      cleanup: async () => {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  // A persistent PGlite folder: the demo catalog is seeded on the first run only.
  return { env: { DATA_DIR: path.join(ROOT, '.tmp', 'bench-data') }, label: 'PGlite', cleanup: async () => {} };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(9);

async function main() {
  const selected = routes.filter((r) => !flags.only || r.name.includes(flags.only));
  const { env, cleanup, label } = await shopEnv();
  const shop = await startShop({ ...env, SEED: 'demo', LOG_LEVEL: 'error', NODE_ENV: 'production', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00' });
  const hello = await startHello();
  try {
    console.log(`bench: ${connections} connections, ${duration} s per route, shop on ${label}, node ${process.version}\n`);
    await load(hello.url, { name: 'warm-up', path: '/' }).catch(() => {});
    const baseline = await load(hello.url, { name: 'hello world (node:http)', path: '/' });
    const rows: (Figures & { ratio: number; target?: number; p99Target?: number })[] = [{ ...baseline, ratio: 1 }];
    for (const route of selected) {
      const headers = (await route.prepare?.(shop.url)) ?? {};
      const shoppers = (await route.prepareShoppers?.(shop.url, connections * 2)) ?? [];
      await load(shop.url, { ...route, name: 'warm-up' }, headers, shoppers.slice(connections));
      const figures = await load(shop.url, route, headers, shoppers.slice(0, connections));
      rows.push({ ...figures, ratio: figures.rps / baseline.rps, target: route.target, p99Target: route.p99Target });
    }
    console.log(`${'route'.padEnd(34)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'ratio'.padStart(9)}${'errors'.padStart(9)}  target`);
    for (const r of rows) {
      const verdicts: string[] = [];
      if (r.target !== undefined) verdicts.push(`${r.ratio >= r.target ? 'ok' : 'BELOW'} ratio >= ${r.target}`);
      if (r.p99Target !== undefined) verdicts.push(`${r.p99 < r.p99Target ? 'ok' : 'ABOVE'} p99 < ${r.p99Target} ms`);
      const verdict = verdicts.join(', ');
      console.log(`${r.name.padEnd(34)}${fmt(r.rps)}${fmt(r.p50)}${fmt(r.p99)}${fmt(r.ratio, 2)}${fmt(r.errors)}  ${verdict}`);
    }
    if (!flags.only || 'checkout'.includes(flags.only)) {
      const times = await timeCheckouts(shop.url, 60);
      const p95 = percentile(times, 95);
      console.log(
        `\nfull sandbox checkout (stageCheck → shipping options → tax → client secret → confirm → placeOrder), ${times.length} runs:` +
          ` p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms  ${p95 <= 150 ? 'ok' : 'ABOVE'} p95 <= 150 ms`,
      );
    }
  } finally {
    hello.stop();
    await shop.stop();
    await cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
