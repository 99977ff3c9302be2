// /info/{page}: title and text from GET /getInfo (spec §2); the content feature fetches them.
import { useParams } from 'react-router';
import { titleFromSlug } from './product-page.js';
import { SimplePage } from './simple-page.js';

const KNOWN_TITLES: Record<string, string> = {
  'shipping-returns': 'Shipping & Returns',
  faq: 'FAQ',
  terms: 'Terms',
  'privacy-policy': 'Privacy Policy',
};

export function InfoPage() {
  const { page = '' } = useParams();
  const title = KNOWN_TITLES[page] ?? titleFromSlug(page);
  return <SimplePage eyebrow="Information" title={title} canonicalPath={`/info/${page}`} continueShopping />;
}
