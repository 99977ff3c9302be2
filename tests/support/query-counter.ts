// Counts the SQL statements the server sends while it answers a request, through the database's
// statement observer (src/server/db/client.ts), to pin query budgets and catch N+1 loops.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/client.js';

// PGlite runs BEGIN/COMMIT itself, node-postgres sends them through Drizzle: leave transaction
// control out so that a budget means the same on both drivers.
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

export type QueryLog = {
  /** Statement texts, in the order they were sent (transaction control left out). */
  statements: string[];
  count: number;
  /** Statement texts sent more than once, with how often: the mark of a query in a loop. */
  repeated: Record<string, number>;
};

export function summarise(statements: string[]): QueryLog {
  const times = new Map<string, number>();
  for (const s of statements) times.set(s, (times.get(s) ?? 0) + 1);
  const repeated = Object.fromEntries([...times].filter(([, n]) => n > 1));
  return { statements, count: statements.length, repeated };
}

/** Runs `work` and answers its result with the statements sent meanwhile. */
export async function countQueries<T>(
  database: Pick<Database, 'observeQueries'>,
  work: () => Promise<T>,
): Promise<{ result: T } & QueryLog> {
  const statements: string[] = [];
  const stop = database.observeQueries((sql) => {
    if (!TRANSACTION_CONTROL.test(sql)) statements.push(sql.replace(/\s+/g, ' ').trim());
  });
  try {
    const result = await work();
    return { result, ...summarise(statements) };
  } finally {
    stop();
  }
}

export type RequestLog = { method: string; url: string; statements: string[] };

/**
 * Attributes every statement to the request in flight (tests send one at a time through
 * app.inject). Call before app.ready(), e.g. from createTestApp's beforeReady.
 */
export function recordQueriesPerRequest(app: FastifyInstance, database: Pick<Database, 'observeQueries'>) {
  const requests: RequestLog[] = [];
  let current: RequestLog | undefined;
  app.addHook('onRequest', async (request) => {
    current = { method: request.method, url: request.url, statements: [] };
    requests.push(current);
  });
  app.addHook('onResponse', async () => {
    current = undefined;
  });
  database.observeQueries((sql) => {
    if (current && !TRANSACTION_CONTROL.test(sql)) current.statements.push(sql.replace(/\s+/g, ' ').trim());
  });
  return {
    requests,
    /** The statements of the last request to `method url` (path without query when `url` has none). */
    last(method: string, url: string): QueryLog {
      const match = requests.findLast((r) => r.method === method && (r.url === url || r.url.split('?')[0] === url));
      if (!match) throw new Error(`no ${method} ${url} was recorded`);
      return summarise(match.statements);
    },
  };
}
