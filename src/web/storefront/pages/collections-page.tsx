import { SimplePage } from './simple-page.js';

/** All products (spec §2); the catalog feature adds the product grid. */
export function CollectionsPage() {
  return <SimplePage eyebrow="Shop all" title="Collections" lede="Every piece, in one place." />;
}
