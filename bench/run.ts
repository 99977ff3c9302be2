// npm run bench: starts a hello-world baseline and the built shop and loads each with wrk (decision 020);
// with autocannon where wrk is not installed, and for the shopper sequences, which need a cookie jar per
// connection. 50 connections, browser-like Accept-Encoding, 15 s of load per route by default as three
// rounds that alternate with the hello world. Prints req/s, p50/p99 and the ratio to the hello world
// measured with the same generator just before and just after (the round with the median ratio). For the catalog reads, also
// the ratio to a bare node:http server sending the route's exact answer (bench/same-bytes.ts), and for the
// shopper sequence the ratio to the hello world driven by the same sequence: the load generator shares
// the machine's two cores, and its cost of reading a larger answer, or of keeping cookie jars, caps a
// route whatever the server does.
// Flags: --duration=SECONDS --connections=N --only=substring, --generator=wrk|autocannon, --scale (again on the seed:scale data set:
// 10,000 items, 100,000 orders, compared with the demo catalog). On PostgreSQL when DATABASE_URL is set.
import { printColdSearches, timeColdSearches } from './search.js';
import { fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { get } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Request as CannonRequest } from 'autocannon';
import pg from 'pg';
import { ROOT } from '../tests/support/paths.js';
import { freePort, startShop } from '../tests/support/shop-process.js';
import { prepareBenchDatabase, runScript, timeAdminCalls, type AdminTiming } from './admin.js';
import { loadWithWrk, wrkAvailable } from './wrk.js';
import { percentile, timeCheckouts } from './checkout.js';
import { routes, stepBody, type BenchRoute } from './routes.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    scale: { type: 'boolean', default: false },
    generator: { type: 'string' },
  },
});
if (flags.generator && !['wrk', 'autocannon'].includes(flags.generator))
  throw new Error('--generator is wrk or autocannon');
/** The generator of single-request routes; sequences always run on autocannon (per-connection cookie jars). */
const generator: Generator = (flags.generator as Generator | undefined) ?? (wrkAvailable() ? 'wrk' : 'autocannon');
type Generator = 'wrk' | 'autocannon';
const generatorOf = (route: { sequence?: unknown }): Generator => (route.sequence ? 'autocannon' : generator);
const duration = Number(flags.duration);
const connections = Number(flags.connections);

type ShopperContext = { jar?: Map<string, string> };

/** A cookie header as name → value. */
const jarOf = (header: string) =>
  new Map(
    header
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as [string, string]),
  );

type Figures = { name: string; rps: number; p50: number; p99: number; errors: number };

/** Route and hello world alternate this many times within the route's --duration. */
const ROUNDS = 3;
/** Seconds of one round's load. */
const SEGMENT = Math.max(2, Math.round(duration / ROUNDS));

const HELLO = { name: 'hello world (node:http)', path: '/' };

async function load(
  url: string,
  route: Pick<BenchRoute, 'name' | 'method' | 'path' | 'body' | 'sequence'>,
  extraHeaders: Record<string, string> = {},
  shoppers: string[] = [],
  using: Generator = generatorOf(route),
  seconds = duration,
): Promise<Figures> {
  if (using === 'wrk') {
    const figures = await loadWithWrk(url + route.path, {
      method: route.method,
      body: route.body === undefined ? undefined : JSON.stringify(route.body),
      headers: {
        'accept-encoding': 'gzip, deflate, br',
        ...(route.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...extraHeaders,
      },
      connections,
      duration: seconds,
    });
    return { name: route.name, ...figures };
  }
  // Each round of the sequence is one shopper's, taken from this pool and put back when the round
  // ends (autocannon clears a connection's context between rounds), so no two connections ever
  // drive one shopper. A shopper keeps a browser's cookie jar: every cookie the shop sets is sent
  // back, the bag-version cookie among them.
  const idle = shoppers.map(jarOf);
  const last = (route.sequence?.length ?? 0) - 1;
  const sequence = route.sequence && {
    requests: route.sequence.map((step, i) => ({
      method: step.method,
      path: step.path,
      ...(step.body === undefined ? {} : { body: JSON.stringify(stepBody(step.body)) }),
      headers: {
        'accept-encoding': 'gzip, deflate, br',
        ...(step.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      setupRequest: (request: CannonRequest, context: ShopperContext): CannonRequest => {
        context.jar ??= idle.shift();
        if (!context.jar) throw new Error('bench: fewer shoppers than connections');
        return {
          ...request,
          headers: { ...request.headers, cookie: [...context.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
        };
      },
      onResponse: (
        _status: number,
        _body: string,
        context: ShopperContext,
        headers?: Record<string, string | string[] | undefined>,
      ) => {
        const setCookie = headers?.['set-cookie'];
        if (!context.jar) return;
        if (setCookie) {
          for (const [name, value] of jarOf(
            (Array.isArray(setCookie) ? setCookie : [setCookie]).map((c) => c.split(';')[0]).join('; '),
          )) {
            context.jar.set(name, value);
          }
        }
        if (i === last) idle.push(context.jar);
      },
    })),
  };
  const result = await autocannon({
    ...sequence,
    url: url + route.path,
    method: route.method ?? 'GET',
    connections,
    duration: seconds,
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
  const child = fork(path.join(ROOT, 'bench/hello.ts'), [String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'ignore',
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** The route's answer as the shop sends it to a browser (compressed, not decoded). */
function recordAnswer(url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) {
          if (typeof v === 'string' && !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k))
            headers[k] = v;
        }
        resolve({ status: res.statusCode ?? 200, headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** A bare node:http server answering the route's recorded bytes (same-bytes.ts). */
async function startSameBytes(routeUrl: string) {
  const { status, headers, body } = await recordAnswer(routeUrl);
  const port = await freePort();
  const child = fork(path.join(ROOT, 'bench/same-bytes.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const ready = new Promise<void>((resolve) => child.once('message', () => resolve()));
  child.send({ port, status, headers, body: body.toString('base64') });
  await ready;
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

async function shopEnv(
  scale = false,
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void>; label: string }> {
  if (process.env.DATABASE_URL) {
    const name = `shop_bench_${scale ? 'scale_' : ''}${Date.now().toString(36)}`;
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
  // A persistent PGlite folder: the demo catalog (and the scale data) are seeded on the first run only.
  return {
    env: { DATA_DIR: path.join(ROOT, '.tmp', scale ? 'bench-scale-data' : 'bench-data') },
    label: 'PGlite',
    cleanup: async () => {},
  };
}

const fmt = (n: number, digits = 0) => n.toFixed(digits).padStart(9);

const SHOP_ENV = {
  LOG_LEVEL: 'error',
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
};

/**
 * `bare`: req/s of a server doing no work under the same load, measured right after the route: for a
 * catalog read a bare node:http server sending the route's exact answer, for a sequence the hello world
 * driven by the same sequence (cookie jars, bodies).
 */
type Row = Figures & {
  ratio: number;
  hello: number;
  target?: number;
  p99Target?: number;
  bare?: number;
  generator: Generator;
};

function printRoutes(rows: Row[]) {
  console.log(
    `${'route'.padEnd(34)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'ratio'.padStart(9)}${'hello'.padStart(9)}${'errors'.padStart(9)}${'of bare'.padStart(9)}  ${'load by'.padEnd(11)}target`,
  );
  for (const r of rows) {
    const verdicts: string[] = [];
    if (r.target !== undefined) verdicts.push(`${r.ratio >= r.target ? 'ok' : 'BELOW'} ratio >= ${r.target}`);
    if (r.p99Target !== undefined) verdicts.push(`${r.p99 < r.p99Target ? 'ok' : 'ABOVE'} p99 < ${r.p99Target} ms`);
    const ofBare = r.bare ? fmt(r.rps / r.bare, 2) : ''.padStart(9);
    console.log(
      `${r.name.padEnd(34)}${fmt(r.rps)}${fmt(r.p50)}${fmt(r.p99)}${fmt(r.ratio, 2)}${fmt(r.hello)}${fmt(r.errors)}${ofBare}  ${r.generator.padEnd(11)}${verdicts.join(', ')}`,
    );
  }
  if (rows.some((r) => r.bare)) {
    const ceilings = rows
      .filter((r) => r.bare)
      .map((r) => `${r.name.replace(/^GET /, '')} ${fmt(r.bare! / r.hello, 2).trim()}`);
    console.log(
      `of bare: the route's req/s over a server doing no work under the same load (reads: a bare node:http server sending the route's exact answer;` +
        ` sequences: the hello world driven by the same sequence); that server's own ratio to the hello world: ${ceilings.join(', ')}`,
    );
  }
}

/**
 * Each route against the hello world measured just before and just after it (their mean): the
 * machine's speed drifts within a run (hello world alone has ranged 24,000-41,000 req/s in a day),
 * and a ratio to a baseline taken minutes earlier would carry that drift.
 */
async function loadRoutes(shopUrl: string, helloUrl: string, selected: BenchRoute[]): Promise<Row[]> {
  const rows: Row[] = [];
  // The hello world last measured with each generator: a route is compared with its own generator's.
  const lastHello = new Map<Generator, Figures>();
  const helloWith = (using: Generator) => load(helloUrl, HELLO, {}, [], using, SEGMENT);
  for (const route of selected) {
    const using = generatorOf(route);
    const headers = (await route.prepare?.(shopUrl)) ?? {};
    const shoppers = (await route.prepareShoppers?.(shopUrl, connections * 2)) ?? [];
    await load(shopUrl, { ...route, name: 'warm-up' }, headers, shoppers.slice(connections), using, SEGMENT);
    // Route and hello world alternate, ROUNDS times: each round's ratio is the route over the mean
    // of the hello worlds just before and just after it, and the row is the round with the median ratio.
    let before = lastHello.get(using) ?? (await helloWith(using));
    const rounds: Row[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const figures = await load(shopUrl, route, headers, shoppers.slice(0, connections), using, SEGMENT);
      const after = await helloWith(using);
      const hello = (before.rps + after.rps) / 2;
      rounds.push({
        ...figures,
        ratio: figures.rps / hello,
        hello,
        target: route.target,
        p99Target: route.p99Target,
        generator: using,
      });
      before = after;
    }
    lastHello.set(using, before);
    const row = rounds.sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)]!;
    if (route.sequence) {
      // The same sequence, cookie jars and bodies against the hello world: what the generator itself reaches
      // driving this sequence against a server that does no work.
      row.bare = (await load(helloUrl, route, headers, shoppers.slice(0, connections), using, SEGMENT)).rps;
    }
    if (route.sameBytes) {
      const bare = await startSameBytes(shopUrl + route.path);
      try {
        row.bare = (await load(bare.url, { name: 'same bytes', path: '/' }, {}, [], using, SEGMENT)).rps;
      } finally {
        bare.stop();
      }
    }
    rows.push(row);
  }
  return rows;
}

function printAdmin(title: string, timings: AdminTiming[], demo?: AdminTiming[]) {
  console.log(`\n${title}`);
  console.log(
    `${'call'.padEnd(50)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'KB'.padStart(9)}${demo ? `${'x demo'.padStart(9)}  target` : ''}`,
  );
  for (const t of timings) {
    const before = demo?.find((d) => d.name === t.name);
    // "No more than 2x slower": compared on p95, with 2 ms of slack for calls that take ~1 ms on the demo catalog.
    const slower = before ? t.p95 / Math.max(before.p95, 2) : undefined;
    // The Overview's budget is its own (issue 28): p95 <= 150 ms at scale, whatever the demo catalog takes.
    const verdict = !before
      ? ''
      : t.name.startsWith('overview')
        ? `${t.p95 <= 150 ? 'ok' : 'ABOVE'} p95 <= 150 ms (issue 28)`
        : `${t.p95 <= 100 ? 'ok' : 'ABOVE'} p95 <= 100 ms, ${slower! <= 2 ? 'ok' : 'ABOVE'} <= 2x demo`;
    console.log(
      `${t.name.padEnd(50)}${fmt(t.p50, 1)}${fmt(t.p95, 1)}${fmt(t.bytes / 1024)}${slower === undefined ? '' : `${fmt(slower, 2)}  ${verdict}`}`,
    );
  }
}

async function main() {
  const selected = routes.filter((r) => !flags.only || r.name.includes(flags.only));
  const { env, cleanup, label } = await shopEnv();
  await prepareBenchDatabase(env);
  const shop = await startShop({ ...env, SEED: 'demo', ...SHOP_ENV }, undefined, { server: 'compiled' });
  const hello = await startHello();
  let demoAdmin: AdminTiming[] | undefined;
  try {
    console.log(
      `bench: ${connections} connections, ${ROUNDS} rounds of ${SEGMENT} s per route, shop on ${label}, node ${process.version}, load by ${generator}` +
        `${generator === 'autocannon' && !flags.generator ? ' (wrk not installed: apt-get install wrk)' : ''}; shopper sequences by autocannon\n`,
    );
    await load(hello.url, { name: 'warm-up', path: '/' }).catch(() => {});
    printRoutes(await loadRoutes(shop.url, hello.url, selected));
    if (!flags.only || 'checkout'.includes(flags.only)) {
      const times = await timeCheckouts(shop.url, 60);
      const p95 = percentile(times, 95);
      console.log(
        `\nfull sandbox checkout (stageCheck → shipping options → tax → client secret → confirm → placeOrder), ${times.length} runs:` +
          ` p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms  ${p95 <= 150 ? 'ok' : 'ABOVE'} p95 <= 150 ms`,
      );
    }
    if (!flags.only || 'admin'.includes(flags.only) || flags.scale) {
      demoAdmin = await timeAdminCalls(shop.url);
      printAdmin("the owner's reads on the demo catalog, one at a time:", demoAdmin);
    }
    await shop.stop();
    if (flags.scale)
      await benchScale(
        hello.url,
        selected.filter((r) => !r.sequence),
        demoAdmin!,
      );
  } finally {
    hello.stop();
    await shop.stop();
    await cleanup();
  }
}

/** The same storefront reads and owner's reads on the seed:scale data set. */
async function benchScale(helloUrl: string, selected: BenchRoute[], demoAdmin: AdminTiming[]) {
  const { env, cleanup, label } = await shopEnv(true);
  try {
    // Issue 28: the 100,000 orders within the last 12 months, the Overview's heaviest period.
    const seeded = await runScript('scripts/seed-scale.ts', ['--order-days=365'], env);
    console.log(
      `\n${seeded
        .trim()
        .split('\n')
        .filter((l) => !l.includes('Sign in') && !l.includes('admin'))
        .join('\n')}`,
    );
    await prepareBenchDatabase(env);
    const shop = await startShop({ ...env, SEED: 'none', ...SHOP_ENV }, 300_000, { server: 'compiled' });
    try {
      console.log(`\nbench on the scale data set (${label}):\n`);
      printRoutes(await loadRoutes(shop.url, helloUrl, selected));
      printColdSearches(await timeColdSearches(shop.url));
      printAdmin("the owner's reads on the scale data set, one at a time:", await timeAdminCalls(shop.url), demoAdmin);
    } finally {
      await shop.stop();
    }
  } finally {
    await cleanup();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
