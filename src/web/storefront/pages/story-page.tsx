import { SimplePage } from './simple-page.js';

export function StoryPage() {
  return <SimplePage eyebrow="Murashki" title="Our Story" />;
}
