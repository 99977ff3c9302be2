// /unsubscribe/{userId} (spec §2, §4, §5): on load, and only when the id is exactly 24 characters,
// POST /unsubscribe; then 'Successfully unsubscribed' under the logo.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { isUnsubscribeId, MESSAGES } from '../../../domain/marketing.js';
import { ApiError, unsubscribe } from '../../api/http-api.js';
import { PageMeta } from '../../page-meta.js';
import { ButtonLink } from '../../ui/button.js';
import { PageHeading } from '../../ui/page-heading.js';
import { useShopInfo } from '../shell/use-shop-info.js';
import './pages.css';

type State = 'working' | 'done' | 'invalid' | 'failed';

export function UnsubscribePage() {
  const { userId } = useParams();
  const valid = isUnsubscribeId(userId);
  const [state, setState] = useState<State>(valid ? 'working' : 'invalid');

  useEffect(() => {
    if (!isUnsubscribeId(userId)) {
      setState('invalid');
      return;
    }
    let current = true;
    setState('working');
    unsubscribe(userId)
      .then(() => current && setState('done'))
      .catch((err: unknown) => current && setState(err instanceof ApiError && err.status < 500 ? 'invalid' : 'failed'));
    return () => {
      current = false;
    };
  }, [userId]);

  const shop = useShopInfo();
  return (
    <div className="content-page content-page--centered unsubscribe" aria-busy={state === 'working' || undefined}>
      <PageMeta title="Unsubscribe" noIndex />
      <p className="unsubscribe__mark" aria-hidden="true">
        {shop.name.toLocaleUpperCase('en-US')}
      </p>
      {state === 'working' && <PageHeading title="Unsubscribing…" />}
      {state === 'done' && (
        <PageHeading title={MESSAGES.unsubscribed}>
          <p>
            You will not receive our newsletter any more. Changed your mind? Sign up again at the bottom of any page.
          </p>
        </PageHeading>
      )}
      {state === 'invalid' && (
        <PageHeading title="This link is not valid">
          <p>
            Please use the unsubscribe link from one of our emails, or write to us at{' '}
            <a href={`mailto:${shop.supportEmail}`}>{shop.supportEmail}</a>.
          </p>
        </PageHeading>
      )}
      {state === 'failed' && (
        <PageHeading title="Something went wrong">
          <p>We could not unsubscribe you just now. Please reload the page to try again.</p>
        </PageHeading>
      )}
      <ButtonLink to="/collections" variant="secondary">
        Continue Shopping
      </ButtonLink>
    </div>
  );
}
