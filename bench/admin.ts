// The owner's heavy reads (issue 8), timed one after another as the owner's browser makes them:
// order search (newest, by last name, by order id), Existing Items (first page, title search),
// Non-Empty Carts, Subscriptions, the promoter's report (a page, and the whole list) and the Overview
// (12 months, 30 days; issue 28). Answers p50/p95 per call in ms.
import { spawn } from 'node:child_process';
import { ROOT } from '../tests/support/paths.js';
import { percentile } from './checkout.js';

export const BENCH_ADMIN = { email: 'bench-owner@example.com', password: 'bench-owner-password' };

/** Before the shop opens the database: the bench owner with a known password, no rate limit left from earlier runs. */
export async function prepareBenchDatabase(env: Record<string, string>): Promise<void> {
  await runScript('bench/prepare-db.ts', [], env);
}

export function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${script} exited ${code}:\n${output}`)),
    );
  });
}

async function signIn(shopUrl: string): Promise<string> {
  const res = await fetch(`${shopUrl}/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shopUrl },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('admin_sid='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`bench owner could not sign in: ${res.status} ${await res.text()}`);
  return cookie;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Run i's period: 365 to 398 days, a different pair of days for each of the first 136 runs. */
function yearEnding(run: number): string {
  const to = Date.now() - Math.floor(run / 34) * DAY_MS;
  return `from=${dayOf(to - (364 + (run % 34)) * DAY_MS)}&to=${dayOf(to)}`;
}

export type AdminTiming = { name: string; p50: number; p95: number; bytes: number };

/** Each call `runs` times in a row (after one untimed warm-up): 100, so that p95 is not the third-worst of a few garbage-collection pauses. */
export async function timeAdminCalls(shopUrl: string, runs = 100): Promise<AdminTiming[]> {
  const cookie = await signIn(shopUrl);
  const newest = (await (await fetch(`${shopUrl}/admin/api/getPlacedOrders`, { headers: { cookie } })).json()) as {
    orderId: number;
    shippingInfo: { lastName: string };
  }[];
  const someOrder = newest.at(-1);
  const calls: { name: string; path: string | ((run: number) => string); init?: RequestInit; runs?: number }[] = [
    { name: 'orders: newest 10', path: '/admin/api/getPlacedOrders' },
    {
      name: 'orders: by last name',
      path: `/admin/api/getPlacedOrders?search=${encodeURIComponent(someOrder?.shippingInfo.lastName ?? 'Shopper')}`,
    },
    { name: 'orders: by order id', path: `/admin/api/getPlacedOrders?search=${someOrder?.orderId ?? 1}` },
    { name: 'existing items: first page', path: '/admin/api/existingItems' },
    { name: 'existing items: title search', path: '/admin/api/existingItems?search=silk' },
    { name: 'non-empty carts', path: '/admin/api/getNonEmptyCarts' },
    { name: 'subscriptions', path: '/admin/api/getAllSubscriptions' },
    // The promoter's pass is checked with argon2 on the warm-up call; later calls reuse that check for
    // five minutes and so do not count against the client's 30 calls in 15 minutes.
    {
      name: 'promoter report: a page (what the page asks)',
      path: '/promoReport',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ promoCode: 'WELCOME10', password: 'promoter-pass' }),
      },
    },
    {
      name: 'promoter report: every order (/promoPerformance)',
      path: '/promoPerformance',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ promoCode: 'WELCOME10', password: 'promoter-pass' }),
      },
    },
    // Issue 28 (overview): the owner's figures, charts and top items, from the order summaries.
    { name: 'overview: 12 months', path: '/admin/api/overview?period=12m' },
    { name: 'overview: 30 days', path: '/admin/api/overview?period=30d' },
    // Computed fresh: each call asks a different year-long from–to (ending up to 3 days back, starting
    // up to 33 days further), so the memo never answers; by month, as the 12 months preset.
    { name: 'overview: a year, computed fresh', path: (i) => `/admin/api/overview?${yearEnding(i)}` },
  ];
  const timings: AdminTiming[] = [];
  for (const call of calls) {
    const init: RequestInit = {
      ...call.init,
      headers: { ...(call.init?.headers as Record<string, string>), cookie, 'accept-encoding': 'gzip, deflate, br' },
    };
    let bytes = 0;
    const times: number[] = [];
    for (let i = 0; i <= (call.runs ?? runs); i++) {
      const started = performance.now();
      const res = await fetch(shopUrl + (typeof call.path === 'string' ? call.path : call.path(i)), init);
      const body = await res.arrayBuffer();
      if (!res.ok) throw new Error(`${call.name} answered ${res.status}`);
      if (i > 0) times.push(performance.now() - started);
      bytes = body.byteLength;
    }
    timings.push({ name: call.name, p50: percentile(times, 50), p95: percentile(times, 95), bytes });
  }
  return timings;
}
