// /info/{page}: the owner's page, title and text (spec §2). The server renders the markdown and makes
// it safe; an unknown page gets a 404 status from the server and a not-found state here.
import { MarkdownHtml } from '../../ui/markdown-html.js';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useShopApi } from '../../api/api-context.js';
import { infoQuery } from '../../api/queries.js';
import { PageMeta } from '../../page-meta.js';
import { ButtonLink } from '../../ui/button.js';
import { PageHeading } from '../../ui/page-heading.js';
import '../home/editorial.css';

export function InfoPage() {
  const api = useShopApi();
  const { page = '' } = useParams();
  const { data: info, isPending } = useQuery(infoQuery(api, page));

  if (isPending) {
    return (
      <div className="editorial-page" aria-busy="true">
        <div className="editorial-page__loading" />
      </div>
    );
  }
  if (!info) {
    return (
      <div className="editorial-page editorial-page--centered">
        <PageMeta title="Page not found" path={`/info/${page}`} noIndex />
        <PageHeading eyebrow="404" title="Page not found">
          <p>The page you are looking for has moved or no longer exists.</p>
        </PageHeading>
        <div className="editorial-page__actions">
          <ButtonLink to="/collections">Continue Shopping</ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <article className="editorial-page">
      <PageMeta title={info.title} description={summaryOf(info.text)} path={`/info/${page}`} />
      <PageHeading eyebrow="Information" title={info.title} />
      <MarkdownHtml className="prose" html={info.html} />
      <div className="editorial-page__actions">
        <ButtonLink to="/collections" variant="secondary">
          Continue Shopping
        </ButtonLink>
      </div>
    </article>
  );
}

/** The first sentences of the markdown as plain text, for the meta description (about 160 characters). */
export function summaryOf(markdown: string, max = 160): string {
  const text = markdown
    .replace(/^#+\s.*$/gm, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`>#]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}
