import { Counter, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { bearerToken } from './bearer-token.js';
import { type MetricsServer, startMetricsServer } from './metrics-server.js';

const TOKEN = 'a-token-of-twenty-four-c';

describe('bearerToken', () => {
  const allowed = bearerToken(TOKEN);
  it('accepts the token as a bearer token, the scheme in any case', () => {
    expect(allowed(`Bearer ${TOKEN}`)).toBe(true);
    expect(allowed(`bearer ${TOKEN}`)).toBe(true);
    expect(allowed(`BEARER  ${TOKEN} `)).toBe(true);
  });
  it('refuses anything else', () => {
    for (const header of [
      undefined,
      '',
      TOKEN,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${TOKEN}`,
      'Bearer',
    ])
      expect(allowed(header), String(header)).toBe(false);
  });
});

describe('startMetricsServer (METRICS_PORT)', () => {
  const registry = new Registry();
  new Counter({ name: 'test_things_total', help: 'Things', registers: [registry] }).inc(3);
  const metrics = { render: () => registry.metrics(), contentType: registry.contentType };
  const quiet = { error: () => {} };
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers GET and HEAD /metrics without a token when none is set, and 404 for anything else', async () => {
    server = await startMetricsServer({ port: 0, host: '127.0.0.1', token: undefined }, metrics, quiet);
    const base = `http://127.0.0.1:${server.port}`;
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(registry.contentType);
    expect(await res.text()).toContain('test_things_total 3');
    const head = await fetch(`${base}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const [path, method] of [
      ['/', 'GET'],
      ['/metrics/x', 'GET'],
      ['/metrics', 'POST'],
    ] as const)
      expect((await fetch(`${base}${path}`, { method })).status, `${method} ${path}`).toBe(404);
  });

  it('asks for METRICS_TOKEN there too when it is set', async () => {
    server = await startMetricsServer({ port: 0, host: '127.0.0.1', token: TOKEN }, metrics, quiet);
    const base = `http://127.0.0.1:${server.port}`;
    const refused = await fetch(`${base}/metrics`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await refused.text()).toContain('METRICS_TOKEN');
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('test_things_total 3');
  });
});
