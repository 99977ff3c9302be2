// The shop's funnel (issue 28 #2): visiting sessions at each step, for a period, counted on the
// server from the shop's own records. Part of the Overview's answer (overview.ts).
import { z } from 'zod';

const count = z.number().int().min(0);

export const FunnelSchema = z.object({
  visited: count,
  viewedProduct: count,
  addedToBag: count,
  gaveShipping: count,
  placedOrder: count,
});
export type Funnel = z.infer<typeof FunnelSchema>;

/** A step of the funnel, as the funnel's table names it (issue 28 #2). */
export type FunnelStep = keyof Funnel;
