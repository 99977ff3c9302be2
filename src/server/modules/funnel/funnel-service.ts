// The funnel (issue 28 #2). STUB from the lead's groundwork: the funnel helper replaces it, keeping
// `between(from, to)` (instants, `to` excluded) for the Overview.
import type { Funnel } from '../../../contract/funnel.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';

export function funnelService(_deps: { db: Db; clock: Clock }) {
  return {
    async between(_from: Date, _to: Date): Promise<Funnel> {
      return { visited: 0, viewedProduct: 0, addedToBag: 0, gaveShipping: 0, placedOrder: 0 };
    },
  };
}
export type FunnelService = ReturnType<typeof funnelService>;
