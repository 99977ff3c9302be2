// Abandoned checkouts (issue 28 #4). ReminderStats is part of the Overview's answer (overview.ts).
import { z } from 'zod';

export const ReminderStatsSchema = z.object({
  /** Reminders sent in the period. */
  sent: z.number().int().min(0),
  /** Orders placed in the period through a reminder's link (or by a reminded bag), and their revenue. */
  recoveredOrders: z.number().int().min(0),
  recoveredRevenue: z.number().min(0),
});
export type ReminderStats = z.infer<typeof ReminderStatsSchema>;
