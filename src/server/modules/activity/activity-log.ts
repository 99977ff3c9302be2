// The one way a back-office change is recorded (issue 26, Activity): call it with the transaction
// that makes the change, so the record and the change are written together or not at all.
import type { ActivityKind } from '../../../contract/values/admin.js';
import type { Db } from '../../db/client.js';
import { activity } from '../../db/schema.js';

/** Who made a change: the signed-in admin (request.admin, set by the admin gate). */
export type Actor = { id: number; email: string };

export type ActivityEntry = {
  kind: ActivityKind;
  /** One line a person reads: 'Updated "Silk slip" (price, sizes)'. */
  summary: string;
  /** What the line names, for the CSV and a closer look: ids, fields changed, amount and method, … */
  detail?: Record<string, unknown>;
};

export async function recordActivity(tx: Db, actor: Actor, entry: ActivityEntry): Promise<void> {
  await tx.insert(activity).values({
    adminId: actor.id,
    adminEmail: actor.email,
    kind: entry.kind,
    summary: entry.summary,
    detail: entry.detail ?? {},
  });
}

/**
 * Issue 29 (payment webhooks): a change the payment provider made and told the shop of (a refund in
 * its dashboard, a dispute), recorded with the provider's name as who made it and no admin.
 */
export async function recordProviderActivity(tx: Db, provider: 'Stripe' | 'PayPal', entry: ActivityEntry) {
  await tx.insert(activity).values({
    adminId: null,
    adminEmail: provider,
    kind: entry.kind,
    summary: entry.summary,
    detail: entry.detail ?? {},
  });
}
