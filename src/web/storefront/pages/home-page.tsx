// Home (spec §2): the rotating banner, 'Effortlessly chic', 'In a silky mood' (the first 4
// promotional items), the 'Murashki Girls' carousel and the three category tiles.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Item } from '../../../contract/catalog.js';
import type { HomeContent } from '../../../contract/content.js';
import { useShopApi } from '../../api/api-context.js';
import { homeQuery, promotionalItemsQuery } from '../../api/queries.js';
import { PageMeta, useSite } from '../../page-meta.js';
import { ArrowIcon } from '../../ui/icons.js';
import { JsonLd } from '../catalog/json-ld.js';
import { ProductTile, productPath } from '../catalog/product-tile.js';
import { ShopPicture } from '../catalog/shop-picture.js';
import { GirlsCarousel } from '../home/girls-carousel.js';
import { HeroBanner } from '../home/hero-banner.js';
import { categoryPath } from '../shell/side-menu.js';
import { useShopInfo } from '../shell/use-shop-info.js';
import '../home/home.css';

/** Spec §9: the home page shows the first 4 promotional items. */
export const HOME_PROMOTIONAL_COUNT = 4;

export function HomePage() {
  const api = useShopApi();
  const { publicUrl } = useSite();
  const shop = useShopInfo();
  const sameAs = Object.values(shop.social).filter(Boolean);
  const { data: home } = useQuery(homeQuery(api));
  const { data: promotional = [] } = useQuery(promotionalItemsQuery(api));
  const silky = promotional.slice(0, HOME_PROMOTIONAL_COUNT);

  return (
    <>
      <PageMeta path="/" />
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@graph': [
            {
              '@type': 'Organization',
              '@id': `${publicUrl}/#organization`,
              name: shop.name,
              url: `${publicUrl}/`,
              email: shop.supportEmail,
              ...(sameAs.length > 0 ? { sameAs } : {}),
            },
            {
              '@type': 'WebSite',
              '@id': `${publicUrl}/#website`,
              name: shop.name,
              url: `${publicUrl}/`,
              publisher: { '@id': `${publicUrl}/#organization` },
            },
          ],
        }}
      />

      <HomeSections home={home} silky={silky} />
    </>
  );
}

/**
 * The home's sections from its content: the page's, and the Home editor's preview (issue 26), which
 * gives the owner's unsaved draft. A section with nothing in it is left out, never shown empty.
 */
export function HomeSections({ home, silky }: { home: HomeContent | undefined; silky: Item[] }) {
  if (!home) return null;
  return (
    <>
      {/* A section with nothing in it is left out, never shown empty (issue 26). */}
      {home.banners.length > 0 && <HeroBanner banners={home.banners} />}

      {home.effortlesslyChic.length > 0 && (
        <section className="home-section chic" aria-labelledby="chic-title">
          <div className="home-section__head">
            <p className="eyebrow">Made for every day</p>
            <h2 id="chic-title" className="home-section__title">
              Effortlessly chic
            </h2>
          </div>
          <ul className="chic__list">
            {home.effortlesslyChic.map((entry, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: owner content shown as saved; an entry may repeat and the list never reorders on the page
              <li key={`${i}-${entry.url}`} className="chic__item">
                <Link to={productPath(entry.url)} className="chic__link">
                  <ShopPicture
                    picture={entry.picture}
                    // The caption beside it names the piece; repeating it would be read twice.
                    alt=""
                    width={600}
                    height={900}
                    sizes="(min-width: 1360px) 420px, (min-width: 768px) 31vw, 78vw"
                    className="chic__picture"
                  />
                  <span className="chic__caption">
                    <span className="chic__name">{entry.title}</span>
                    <span className="chic__cta" aria-hidden="true">
                      Shop now <ArrowIcon />
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {silky.length > 0 && (
        <section className="home-section silky" aria-labelledby="silky-title">
          <div className="home-section__head">
            <p className="eyebrow">Our favourites</p>
            <h2 id="silky-title" className="home-section__title">
              In a silky mood
            </h2>
          </div>
          <ul className="silky__grid">
            {silky.map((item) => (
              <li key={item._id}>
                <ProductTile item={item} />
              </li>
            ))}
          </ul>
          <div className="home-section__more">
            <Link to="/collections" className="text-link">
              Shop all <ArrowIcon />
            </Link>
          </div>
        </section>
      )}

      {home.girls.length > 0 && (
        <section className="home-section girls-section" aria-labelledby="girls-title">
          <div className="home-section__head">
            <p className="eyebrow">#MurashkiGirls</p>
            <h2 id="girls-title" className="home-section__title">
              Murashki Girls
            </h2>
          </div>
          <GirlsCarousel girls={home.girls} />
        </section>
      )}

      {home.categoryTiles.length > 0 && (
        <section className="home-section categories" aria-labelledby="categories-title">
          <div className="home-section__head">
            <p className="eyebrow">The collections</p>
            <h2 id="categories-title" className="home-section__title">
              Shop by category
            </h2>
          </div>
          <ul className="categories__list">
            {home.categoryTiles.map((tile) => (
              <li key={tile.key}>
                <Link to={categoryPath(tile.key)} className="category-card">
                  <ShopPicture
                    picture={tile.picture}
                    alt=""
                    width={450}
                    height={600}
                    sizes="(min-width: 1360px) 420px, (min-width: 768px) 31vw, 100vw"
                    className="category-card__picture"
                  />
                  <span className="category-card__label">{tile.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
