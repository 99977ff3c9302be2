import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadWithWrk, parseWrkReport, wrkAvailable } from '../../bench/wrk.js';

describe("the bench's wrk report", () => {
  it('reads the figures the Lua done hook prints, in req/s and ms', () => {
    const out =
      'Running 5s test @ http://127.0.0.1:1/\n  1 threads and 50 connections\n\nWRK_JSON {"requests":150000,"duration_us":5000000,"p50_us":1500,"p99_us":4200,"errors":3}\nRequests/sec: 30000.00\n';
    expect(parseWrkReport(out)).toEqual({ rps: 30_000, p50: 1.5, p99: 4.2, errors: 3 });
  });

  it('refuses output without the figures, or a run of no time', () => {
    expect(() => parseWrkReport('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(/no figures/);
    expect(() => parseWrkReport('WRK_JSON {"requests":0,"duration_us":0,"p50_us":0,"p99_us":0,"errors":0}')).toThrow(
      /no time/,
    );
  });
});

describe.skipIf(!wrkAvailable())('the bench under wrk', () => {
  it("sends the route's method, body and headers, and counts non-2xx answers as errors", async () => {
    const seen: { method?: string; body: string; type?: string; encoding?: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (seen.length < 3)
          seen.push({
            method: req.method,
            body,
            type: req.headers['content-type'],
            encoding: req.headers['accept-encoding'],
          });
        res.writeHead(req.url === '/missing' ? 404 : 200).end('ok');
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const posted = await loadWithWrk(`${url}/addToCart`, {
        method: 'POST',
        body: '{"index":0}',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
        connections: 2,
        duration: 1,
      });
      expect(posted.rps).toBeGreaterThan(0);
      expect(posted.errors).toBe(0);
      expect(seen[0]).toEqual({ method: 'POST', body: '{"index":0}', type: 'application/json', encoding: 'br' });

      const missing = await loadWithWrk(`${url}/missing`, { headers: {}, connections: 2, duration: 1 });
      expect(missing.errors).toBeGreaterThan(0);
    } finally {
      server.close();
    }
  }, 30_000);
});
