// The funnel (issue 28 #2), shown on the Overview. STUB from the lead's groundwork: the funnel helper fills it in.
import type { Funnel } from '../../../../contract/funnel.js';

export function FunnelSection(_props: { funnel: Funnel; previous: Funnel }) {
  return null;
}
