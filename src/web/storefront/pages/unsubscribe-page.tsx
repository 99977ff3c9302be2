// /unsubscribe/{userId}; the newsletter feature makes the call and shows 'Successfully unsubscribed' (spec §4).
import { PageMeta } from '../../page-meta.js';
import { PageHeading } from '../../ui/page-heading.js';
import './pages.css';

export function UnsubscribePage() {
  return (
    <div className="content-page content-page--centered">
      <PageMeta title="Unsubscribe" noIndex />
      <p className="unsubscribe__mark" aria-hidden="true">
        MURASHKI
      </p>
      <PageHeading title="Unsubscribe" />
    </div>
  );
}
