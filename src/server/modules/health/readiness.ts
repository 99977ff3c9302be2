// Readiness (GET /readyz): may this copy take traffic? Only when its database answers, the schema has
// every migration this code ships (drizzle's journal), and the read model hears catalog changes.
// Liveness (GET /livez) asks none of this: a database outage must not get every copy restarted.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, rowsOf, type Database } from '../../db/client.js';
import type { ReadModel } from '../../read-model.js';
import { withinTime } from '../../within-time.js';

export type ReadinessChecks = {
  database: 'ok' | 'unreachable';
  migrations: 'ok' | 'pending' | 'unknown';
  readModel: 'ok' | 'not listening';
};
export type Readiness = { ready: boolean; checks: ReadinessChecks; message: string };

/** How long a check may take before it counts as failed (a probe's own timeout is often 1-5 s). */
export const READINESS_TIMEOUT_MS = 2000;

/** The `when` of the last migration in the journal this code ships (drizzle's migrations table keeps it as created_at). */
export function lastShippedMigration(folder = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

export function readinessCheck(deps: {
  database: Pick<Database, 'ping' | 'db'>;
  readModel: Pick<ReadModel, 'version'>;
  timeoutMs?: number;
}) {
  const shipped = lastShippedMigration();
  const timeoutMs = deps.timeoutMs ?? READINESS_TIMEOUT_MS;

  async function migrations(): Promise<ReadinessChecks['migrations']> {
    try {
      const [row] = rowsOf<{ last: string | null }>(
        await withinTime(
          deps.database.db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`),
          timeoutMs,
        ),
      );
      return Number(row?.last ?? 0) >= shipped ? 'ok' : 'pending';
    } catch (err) {
      // No migrations table yet (undefined table or schema): nothing was applied.
      const code =
        (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
      return code === '42P01' || code === '3F000' ? 'pending' : 'unknown';
    }
  }

  return async function readiness(): Promise<Readiness> {
    const reachable = await withinTime(deps.database.ping(), timeoutMs).then(
      () => true,
      () => false,
    );
    const checks: ReadinessChecks = {
      database: reachable ? 'ok' : 'unreachable',
      migrations: reachable ? await migrations() : 'unknown',
      readModel: deps.readModel.version() === undefined ? 'not listening' : 'ok',
    };
    const problems = [
      ...(checks.database === 'ok' ? [] : ['the database is unreachable']),
      ...(checks.migrations === 'pending' ? ['migrations are not applied'] : []),
      ...(checks.database === 'ok' && checks.migrations === 'unknown' ? ['the migrations could not be read'] : []),
      ...(checks.readModel === 'ok' ? [] : ['the read model is not listening for catalog changes']),
    ];
    return {
      ready: problems.length === 0,
      checks,
      message: problems.length === 0 ? 'Ready' : `Not ready: ${problems.join('; ')}`,
    };
  };
}
export type ReadinessCheck = ReturnType<typeof readinessCheck>;
