// Reading the Activity record (issue 26 #6): a page of entries newest first, filtered by person and
// kind, with the people and kinds the filters offer; and every matching entry as CSV, read in
// batches by (at, id) so a long record is never held in memory at once.
import { stringify } from 'csv-stringify/sync';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  ACTIVITY_CSV_COLUMNS,
  ACTIVITY_PAGE,
  type ActivityAnswer,
  type ActivityCsvQuery,
  type ActivityEntry,
  type ActivityQuery,
} from '../../../contract/activity.js';
import { ACTIVITY_KINDS } from '../../../contract/values/admin.js';
import type { Db } from '../../db/client.js';
import { activity } from '../../db/schema.js';
import { guardFormula } from '../../http/csv-cells.js';

type Row = typeof activity.$inferSelect;

const labelOf = (kind: string) => (ACTIVITY_KINDS as Record<string, string>)[kind] ?? kind;

const toEntry = (row: Row): ActivityEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  person: row.adminEmail,
  kind: row.kind,
  label: labelOf(row.kind),
  summary: row.summary,
  detail: row.detail,
});

/** The person filter: an admin id (digits) or an email in any case. */
function filters(query: ActivityCsvQuery): SQL | undefined {
  const person = query.person;
  return and(
    person === undefined
      ? undefined
      : /^\d{1,9}$/.test(person)
        ? eq(activity.adminId, Number(person))
        : sql`lower(${activity.adminEmail}) = lower(${person})`,
    query.kind === undefined ? undefined : eq(activity.kind, query.kind),
  );
}

/** Cells a spreadsheet would run as a formula get a leading apostrophe (OWASP CSV injection; shared, issue 28). */
const guarded = guardFormula;

/** Rows of the CSV read at a time. */
export const CSV_BATCH = 500;

export function activityService(db: Db) {
  return {
    async page(query: ActivityQuery): Promise<ActivityAnswer> {
      const page = query.page ?? 0;
      const rows = await db
        .select()
        .from(activity)
        .where(filters(query))
        .orderBy(desc(activity.at), desc(activity.id))
        .limit(ACTIVITY_PAGE + 1)
        .offset(page * ACTIVITY_PAGE);
      const people = await db
        .selectDistinctOn([activity.adminEmail], { id: activity.adminId, email: activity.adminEmail })
        .from(activity)
        .orderBy(activity.adminEmail, desc(activity.at));
      const kinds = await db.selectDistinct({ kind: activity.kind }).from(activity);
      const order = Object.keys(ACTIVITY_KINDS);
      return {
        entries: rows.slice(0, ACTIVITY_PAGE).map(toEntry),
        page,
        hasMore: rows.length > ACTIVITY_PAGE,
        people,
        kinds: kinds
          .map(({ kind }) => ({ kind, label: labelOf(kind) }))
          .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind)),
      };
    },

    /** The CSV, a header and then one batch of CSV_BATCH rows at a time, newest first. */
    async *csv(query: ActivityCsvQuery): AsyncGenerator<string> {
      yield stringify([], { header: true, columns: [...ACTIVITY_CSV_COLUMNS], bom: true });
      // The last row's id: its exact time is read from the table (a Date keeps only milliseconds).
      let afterId: number | undefined;
      for (;;) {
        const rows = await db
          .select()
          .from(activity)
          .where(
            and(
              filters(query),
              afterId === undefined
                ? undefined
                : sql`(${activity.at}, ${activity.id}) < (select a.at, a.id from ${activity} a where a.id = ${afterId})`,
            ),
          )
          .orderBy(desc(activity.at), desc(activity.id))
          .limit(CSV_BATCH);
        if (rows.length === 0) return;
        yield stringify(
          rows.map((r) => [
            r.at.toISOString(),
            guarded(r.adminEmail),
            r.kind,
            guarded(r.summary),
            JSON.stringify(r.detail),
          ]),
        );
        if (rows.length < CSV_BATCH) return;
        afterId = rows.at(-1)!.id;
      }
    },
  };
}
export type ActivityService = ReturnType<typeof activityService>;
