// The Activity tab's calls (issue 26 #6): who changed what in the back office, newest first, by
// person and kind, a page at a time, and the same list as CSV.
import { z } from 'zod';
import { ACTIVITY_KINDS, type ActivityKind } from './values/admin.js';

/** Entries a page of GET /admin/api/activity. */
export const ACTIVITY_PAGE = 50;

const KIND_NAMES = Object.keys(ACTIVITY_KINDS) as [ActivityKind, ...ActivityKind[]];
/** One of ACTIVITY_KINDS' keys. */
export const ActivityKindSchema = z.enum(KIND_NAMES, { error: 'kind: not a kind of activity' });

/** An empty filter (`?person=`) means everyone, every kind. */
const blankless = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** GET /admin/api/activity.csv: the same filters, every page. */
export const ActivityCsvQuerySchema = z.object({
  /** The person's email (any case) or their admin id. */
  person: blankless(z.string().trim().max(254)),
  kind: blankless(ActivityKindSchema),
});
export type ActivityCsvQuery = z.output<typeof ActivityCsvQuerySchema>;

/** GET /admin/api/activity */
export const ActivityQuerySchema = ActivityCsvQuerySchema.extend({
  /** 0-based page of ACTIVITY_PAGE entries. */
  page: z.coerce.number().int('page: a whole number').min(0, 'page: from 0').max(100_000).optional(),
});
export type ActivityQuery = z.output<typeof ActivityQuerySchema>;

export const ActivityEntrySchema = z.object({
  id: z.number().int(),
  /** When, as an ISO instant. */
  at: z.string(),
  /** Who: the admin's email (kept when the account is gone). */
  person: z.string(),
  kind: z.string(),
  /** The kind in words ('Item updated'). */
  label: z.string(),
  summary: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityAnswerSchema = z.object({
  entries: z.array(ActivityEntrySchema),
  page: z.number().int(),
  hasMore: z.boolean(),
  /** Everyone who has entries, for the person filter. */
  people: z.array(z.object({ id: z.number().int().nullable(), email: z.string() })),
  /** The kinds that have entries, with their words, for the kind filter. */
  kinds: z.array(z.object({ kind: z.string(), label: z.string() })),
});
export type ActivityAnswer = z.infer<typeof ActivityAnswerSchema>;

/** The CSV's columns. */
export const ACTIVITY_CSV_COLUMNS = ['at', 'person', 'kind', 'summary', 'detail'] as const;
