// Requests counted and timed per route (its pattern, never the raw URL), method and status class,
// in one prom-client histogram: its _count is the request count. Fastify's routes are counted by a
// hook each route gets when it is registered (its pattern known then, not looked up per request);
// the answers sent before Fastify (the catalog and bag fast path) are timed around it and counted
// under the route they stand for; unmatched calls (404) under route="unmatched".
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { Histogram, type Registry } from 'prom-client';
import { METRIC_PREFIX } from './shop-metrics.js';

export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: the fast path answers in tens of microseconds, a page in milliseconds, an export in seconds. */
export const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const STATUS_CLASSES = ['other', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;

type Observe = (method: string, status: number, seconds: number) => void;
type Child = { observe(value: number): void };
type ResponseHook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

export type HttpMetrics = ReturnType<typeof httpMetrics>;

export function httpMetrics(registry: Registry) {
  const histogram = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time to answer a request, by route pattern, method and status class (_count: the number of requests)',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const byRoute = new Map<string, Observe>();
  const ours = new WeakSet<ResponseHook>();

  /** One route's series, each made at its first use and kept: no label object is built per request. */
  function routeSeries(route: string): Observe {
    const byMethod = new Map<string, (Child | undefined)[]>();
    return (method, status, seconds) => {
      let classes = byMethod.get(method);
      if (!classes) byMethod.set(method, (classes = []));
      const c = status >= 100 && status < 600 ? (status / 100) | 0 : 0;
      let child = classes[c];
      if (!child) classes[c] = child = histogram.labels(route, method, STATUS_CLASSES[c]!);
      child.observe(seconds);
    };
  }
  function seriesOf(route: string): Observe {
    let observe = byRoute.get(route);
    if (!observe) byRoute.set(route, (observe = routeSeries(route)));
    return observe;
  }

  return {
    /** Fastify's onRoute hook: the route counts its own answers (errors and refusals included). */
    onRoute(route: RouteOptions) {
      const existing = route.onResponse as ResponseHook | ResponseHook[] | undefined;
      const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
      // The HEAD route Fastify adds for a GET copies the GET's hooks: one is enough.
      if (hooks.some((hook) => ours.has(hook))) return;
      const observe = seriesOf(route.url);
      const hook: ResponseHook = (request, reply, done) => {
        observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
        done();
      };
      ours.add(hook);
      (route as { onResponse?: unknown }).onResponse = [...hooks, hook];
    },

    /** The not-found handler, counted under route="unmatched". */
    unmatched<R>(handler: (request: FastifyRequest, reply: FastifyReply) => R) {
      const observe = seriesOf(UNMATCHED_ROUTE);
      return (request: FastifyRequest, reply: FastifyReply): R => {
        const answer = handler(request, reply);
        observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
        return answer;
      };
    },

    /**
     * A node:http-level answerer (the fast path) timed and counted under the path it answered, which
     * is the pattern of the Fastify route it stands for (it serves a fixed set of plain paths).
     */
    timed(serve: (req: IncomingMessage, res: ServerResponse) => boolean) {
      return (req: IncomingMessage, res: ServerResponse): boolean => {
        const started = performance.now();
        if (!serve(req, res)) return false;
        const url = req.url ?? '';
        const mark = url.indexOf('?');
        seriesOf(mark === -1 ? url : url.slice(0, mark))(
          req.method ?? 'GET',
          res.statusCode,
          (performance.now() - started) / 1000,
        );
        return true;
      };
    },
  };
}
