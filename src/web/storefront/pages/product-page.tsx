// /product/{url} (spec §2); the catalog feature replaces this with the gallery, sizes and ADD TO BAG.
import { useParams } from 'react-router';
import { SimplePage } from './simple-page.js';

export const titleFromSlug = (slug: string) =>
  slug
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

export function ProductPage() {
  const { url = '' } = useParams();
  return <SimplePage eyebrow="Murashki" title={titleFromSlug(url) || 'Product'} />;
}
