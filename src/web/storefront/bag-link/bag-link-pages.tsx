// The pages of a checkout reminder's links (issue 28 #4), in a chunk of their own (routes.tsx):
// /restore-bag?t=… brings the reminded bag into this browser's bag (on any device) and goes on to
// /cart/checkout, or says what could not come back; /stop-reminders?t=… stops reminders. Both call
// the server once the page is in the browser (a signed link is personal: no page is cached for it).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http-api.js';
import { cartQuery } from '../../api/queries.js';
import { PageMeta } from '../../page-meta.js';
import { ButtonLink } from '../../ui/button.js';
import { PageHeading } from '../../ui/page-heading.js';
import { bagLinkApi } from './bag-link-api.js';
import '../pages/pages.css';
import '../pages/lookup-form.css';
import './bag-link.css';

const NOT_VALID = 'This link has expired or is not valid';
const messageOf = (err: unknown) =>
  err instanceof ApiError && err.status < 500
    ? err.message
    : 'Something went wrong. Please reload the page to try again.';

function Frame({ title, path, children }: { title: string; path: string; children: ReactNode }) {
  return (
    <div className="content-page content-page--centered bag-link">
      <PageMeta title={title} path={path} noIndex />
      {children}
    </div>
  );
}

function Waiting({ label }: { label: string }) {
  return (
    <div className="lookup-loading" role="status">
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

function Refused({ title, message, aside }: { title: string; message: string; aside: ReactNode }) {
  return (
    <>
      <PageHeading title={title} />
      <p className="lookup-message" role="alert">
        {message}
      </p>
      <p className="bag-link__aside">{aside}</p>
      <div className="lookup-dialog__actions">
        <ButtonLink to="/collections" variant="secondary">
          Continue shopping
        </ButtonLink>
      </div>
    </>
  );
}

/**
 * The link's token (`?t=`) and its call, sent once per token (not again on a refocus or a retry):
 * acting on the link twice would change nothing, but the page shows the first answer.
 */
function useLinkCall<T>(name: string, call: (token: string) => Promise<T>, gcTime?: number) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t') ?? '';
  const query = useQuery({
    queryKey: [name, token],
    queryFn: () => call(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    ...(gcTime === undefined ? {} : { gcTime }),
  });
  return { token, query };
}

export function RestoreBagPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token, query: restore } = useLinkCall('restoreBag', bagLinkApi.restore, 0);
  const answer = restore.data;
  const complete = answer?.status === 'restored' && answer.missing.length === 0 && answer.count > 0;

  useEffect(() => {
    if (answer?.status !== 'restored') return;
    let current = true;
    // The bag is read again first: the bag page sends an empty bag home, and the one read before the
    // restore was empty. Everything came back: straight on to the bag and its checkout.
    void queryClient
      .fetchQuery({ ...cartQuery(), staleTime: 0 })
      .catch(() => undefined)
      .then(() => {
        if (current && complete) void navigate('/cart/checkout', { replace: true });
      });
    return () => {
      current = false;
    };
  }, [answer, complete, navigate, queryClient]);

  let body: ReactNode;
  if (token === '' || restore.isError) {
    body = (
      <Refused
        title="Your bag"
        message={token === '' ? NOT_VALID : messageOf(restore.error)}
        aside="A reminder's link works for 30 days. Your pieces may still be in the shop: have a look, or write to us if you need a hand."
      />
    );
  } else if (!answer || complete) {
    body = <Waiting label="Bringing your bag back" />;
  } else if (answer.status === 'ordered') {
    body = (
      <>
        <PageHeading title="You already placed this order">
          <p>This bag became an order, so there is nothing to bring back. Thank you for shopping with us.</p>
        </PageHeading>
        <div className="lookup-dialog__actions">
          <ButtonLink to="/collections" variant="secondary">
            Continue shopping
          </ButtonLink>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <PageHeading title={answer.count > 0 ? 'Your bag is back' : 'Your pieces are gone'}>
          <p>
            {answer.count > 0
              ? 'Most of it, that is. These pieces could not come back:'
              : 'None of the pieces could come back:'}
          </p>
        </PageHeading>
        <ul className="bag-link__missing">
          {answer.missing.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <div className="lookup-dialog__actions">
          {answer.count > 0 ? (
            <ButtonLink to="/cart/checkout">Go to your bag</ButtonLink>
          ) : (
            <ButtonLink to="/collections" variant="secondary">
              Continue shopping
            </ButtonLink>
          )}
        </div>
      </>
    );
  }
  return (
    <Frame title="Your bag" path="/restore-bag">
      {body}
    </Frame>
  );
}

export function StopRemindersPage() {
  const { token, query: stop } = useLinkCall('stopReminders', bagLinkApi.stop);
  let body: ReactNode;
  if (token === '' || stop.isError) {
    body = (
      <Refused
        title="Checkout reminders"
        message={token === '' ? NOT_VALID : messageOf(stop.error)}
        aside="Please use the link from the reminder itself, or write to us and we will stop them for you."
      />
    );
  } else if (!stop.data) {
    body = <Waiting label="Stopping reminders" />;
  } else {
    body = (
      <>
        <PageHeading title="No more reminders">
          <p>We will not send you reminders of an unfinished checkout again. Your bag stays as you left it.</p>
        </PageHeading>
        <div className="lookup-dialog__actions">
          <ButtonLink to="/collections" variant="secondary">
            Continue shopping
          </ButtonLink>
        </div>
      </>
    );
  }
  return (
    <Frame title="Checkout reminders" path="/stop-reminders">
      {body}
    </Frame>
  );
}

/** The chunk's default export (lazyPage wants one): the restore page. */
export default RestoreBagPage;
