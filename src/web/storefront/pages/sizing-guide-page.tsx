import { SimplePage } from './simple-page.js';

/** Both sizing charts of spec §2 go here with the sizing feature. */
export function SizingGuidePage() {
  return <SimplePage eyebrow="Fit" title="Sizing Guide" continueShopping />;
}
