// Abandoned-checkout reminders in a period (issue 28 #4), for the Overview: reminders sent in
// [from, to), and the orders placed in it from a reminded bag (the bag itself, or the one its link
// filled on another device) with their revenue (each order's total, dollars).
import type { ReminderStats } from '../../../contract/abandoned.js';
import { toDollars } from '../../../domain/money.js';
import type { Db } from '../../db/client.js';
import { abandonedRepository } from './abandoned-repository.js';

export async function reminderStats(db: Db, from: Date, to: Date): Promise<ReminderStats> {
  const { sent, orders, revenueCents } = await abandonedRepository(db).stats(from, to);
  return { sent, recoveredOrders: orders, recoveredRevenue: toDollars(revenueCents) };
}
