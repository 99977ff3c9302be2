// METRICS_PORT: GET /metrics on a port of its own (a plain node:http server beside the shop's), for a
// Prometheus that reaches the shop on a private network. No token is needed there unless METRICS_TOKEN
// is set too. Anything else on that port answers 404.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerToken, METRICS_UNAUTHORIZED } from './bearer-token.js';
import type { MetricsService } from './metrics-service.js';

export type MetricsServer = { port: number; close(): Promise<void> };

export async function startMetricsServer(
  options: { port: number; host: string; token: string | undefined },
  metrics: Pick<MetricsService, 'render' | 'contentType'>,
  log: { error: (o: object, m: string) => void },
): Promise<MetricsServer> {
  const allowed = options.token ? bearerToken(options.token) : () => true;
  const text = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };
  const server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, text).end('Not found: this port answers GET /metrics only\n');
      return;
    }
    if (!allowed(req.headers.authorization)) {
      res.writeHead(401, { ...text, 'www-authenticate': 'Bearer realm="metrics"' }).end(`${METRICS_UNAUTHORIZED}\n`);
      return;
    }
    metrics.render().then(
      (body) => {
        res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics: the figures could not be gathered');
        res.writeHead(500, text).end('The figures could not be gathered; see the shop log\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
