// Abandoned-checkout reminders in a period (issue 28 #4). STUB from the lead's groundwork: the
// abandoned-checkouts helper replaces it, keeping this signature (instants, `to` excluded) for the Overview.
import type { ReminderStats } from '../../../contract/abandoned.js';
import type { Db } from '../../db/client.js';

export async function reminderStats(_db: Db, _from: Date, _to: Date): Promise<ReminderStats> {
  return { sent: 0, recoveredOrders: 0, recoveredRevenue: 0 };
}
