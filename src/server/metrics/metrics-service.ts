// What GET /metrics answers: the process-wide counters and Node's figures (shop-metrics.ts), this app's
// request histogram (http-metrics.ts), and gauges read when Prometheus scrapes: the mail outbox's
// backlog (one indexed count), the PostgreSQL pool's connections, whether the read model listens.
import { sql } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import type { Config } from '../config.js';
import { rowsOf, type Database } from '../db/client.js';
import type { ReadModel } from '../read-model.js';
import { withinTime } from '../within-time.js';
import { httpMetrics } from './http-metrics.js';
import { collectProcessMetrics, METRIC_PREFIX, processRegistry } from './shop-metrics.js';

export type MetricsService = ReturnType<typeof metricsService>;

/** A scrape does not wait longer than this for the database (Prometheus' own timeout is 10 s by default). */
const SCRAPE_QUERY_TIMEOUT_MS = 2000;

export function metricsService(deps: {
  config: Pick<Config, 'metrics'>;
  database: Database;
  readModel: Pick<ReadModel, 'version'>;
}) {
  const { database } = deps;
  const registry = new Registry();
  const http = httpMetrics(registry);
  if (deps.config.metrics) collectProcessMetrics();

  new Gauge({
    name: `${METRIC_PREFIX}mail_outbox_backlog`,
    help: 'Emails waiting in the outbox that are due now (NaN when the database cannot be read)',
    registers: [registry],
    async collect() {
      try {
        const [row] = rowsOf<{ n: number }>(
          await withinTime(
            database.db.execute(
              sql`select count(*)::int as n from email_outbox where status = 'pending' and next_attempt_at <= now()`,
            ),
            SCRAPE_QUERY_TIMEOUT_MS,
          ),
        );
        this.set(row?.n ?? 0);
      } catch {
        this.set(Number.NaN);
      }
    },
  });

  new Gauge({
    name: `${METRIC_PREFIX}read_model_listening`,
    help: '1 while the read model hears catalog changes (PostgreSQL LISTEN), 0 while it serves nothing from memory',
    registers: [registry],
    collect() {
      this.set(deps.readModel.version() === undefined ? 0 : 1);
    },
  });

  const poolStats = database.poolStats;
  if (poolStats) {
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_connections`,
      help: 'PostgreSQL pool connections by state: busy (running a query) or idle',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { total, idle } = poolStats();
        this.set({ state: 'busy' }, total - idle);
        this.set({ state: 'idle' }, idle);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_waiting`,
      help: 'Queries waiting for a PostgreSQL pool connection',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}db_pool_max_connections`,
      help: 'The PostgreSQL pool size',
      registers: [registry],
      collect() {
        this.set(poolStats().max);
      },
    });
  }

  return {
    enabled: deps.config.metrics !== undefined,
    http,
    contentType: registry.contentType,
    /** The Prometheus text exposition of every figure. */
    render: () => Registry.merge([processRegistry, registry]).metrics(),
  };
}
