// /story: the brand's text set beside the story pictures of the home content, as an editorial spread
// (spec §2). The text and title are the owner's from the Home tab (issue 26) when written there, else
// the 'story' info page's.
import { MarkdownHtml } from '../../ui/markdown-html.js';
import { useQuery } from '@tanstack/react-query';
import { useShopApi } from '../../api/api-context.js';
import { homeQuery, infoQuery } from '../../api/queries.js';
import { PageMeta } from '../../page-meta.js';
import { ButtonLink } from '../../ui/button.js';
import { ShopPicture } from '../catalog/shop-picture.js';
import { splitSections } from '../home/split-sections.js';
import { summaryOf } from './info-page.js';
import '../home/editorial.css';

export function StoryPage() {
  const api = useShopApi();
  const { data: info } = useQuery(infoQuery(api, 'story'));
  const { data: home } = useQuery(homeQuery(api));
  const pictures = home?.story ?? [];
  const own = home?.storyPage;
  const ownText = Boolean(own?.text.trim());
  const title = own?.title.trim() || info?.title || 'Our Story';
  const { intro, sections } = splitSections((ownText ? own?.html : info?.html) ?? '');
  const description = ownText ? summaryOf(own?.text ?? '') : info ? summaryOf(info.text) : undefined;
  const picture = (i: number, className: string, priority = false) => {
    const src = pictures[i];
    if (!src) return null;
    return (
      <figure className={`story__figure ${className}`}>
        <ShopPicture
          picture={src}
          // The owner's story pictures carry no description; they set a mood beside the text.
          alt=""
          width={600}
          height={450}
          sizes={i === 1 ? '(min-width: 1360px) 1216px, 90vw' : '(min-width: 900px) 45vw, 90vw'}
          priority={priority}
        />
      </figure>
    );
  };

  return (
    <article className="story">
      <PageMeta title={title} description={description} path="/story" />
      <header className="story__head">
        <p className="eyebrow">Murashki</p>
        <h1 className="story__title">{title}</h1>
      </header>
      {intro && <MarkdownHtml className="prose story__intro" html={intro} />}

      <div className="story__spread">
        {picture(0, 'story__figure--tall', true)}
        {sections[0] && <MarkdownHtml as="section" className="prose story__text" html={sections[0]} />}
      </div>

      {picture(1, 'story__figure--wide')}

      {sections.length > 1 && (
        <div className="story__columns">
          {sections.slice(1, -1).map((html, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: owner content shown as saved; an entry may repeat and the list never reorders on the page
            <MarkdownHtml key={i} as="section" className="prose story__text" html={html} />
          ))}
        </div>
      )}

      <div className="story__spread story__spread--reverse">
        {picture(2, 'story__figure--tall')}
        {sections.length > 1 && (
          <MarkdownHtml as="section" className="prose story__text" html={sections.at(-1) ?? ''} />
        )}
      </div>

      {/* Pictures past the spread's three follow it, one wide picture each. */}
      {pictures.slice(3).map((_src, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: owner content shown as saved; a picture may repeat
        <div key={i}>{picture(i + 3, 'story__figure--wide')}</div>
      ))}

      <div className="editorial-page__actions">
        <ButtonLink to="/collections">Continue Shopping</ButtonLink>
      </div>
    </article>
  );
}
