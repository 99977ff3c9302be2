// Home (spec §2). The home-page feature adds the rotating banner, 'Effortlessly chic',
// 'In a silky mood' and the 'Murashki Girls' carousel around these two sections.
import { Link } from 'react-router';
import { PageMeta } from '../../page-meta.js';
import { ButtonLink } from '../../ui/button.js';
import { ArrowIcon } from '../../ui/icons.js';
import { categoryPath } from '../shell/side-menu.js';
import './pages.css';

const TILES = [
  { name: 'CLOTHING', key: 'clothing', note: 'Slips, sets & loungewear' },
  { name: 'BRAS', key: 'bras', note: 'Lace, silk & soft cups' },
  { name: 'PANTIES', key: 'pantiesandgarters', note: 'Panties & garters' },
];

export function HomePage() {
  return (
    <>
      <PageMeta path="/" />
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__veil" aria-hidden="true" />
        <div className="hero__arch" aria-hidden="true">
          <span className="hero__arch-caption">Silk · Lace · Cotton</span>
        </div>
        <div className="hero__content">
          <p className="eyebrow hero__eyebrow">Lingerie &amp; Clothing</p>
          <h1 id="hero-title" className="hero__title">
            New Arrivals
          </h1>
          <p className="hero__lede">Soft silks, fine lace and easy layers, made to feel like a second skin.</p>
          <ButtonLink to="/collections" className="hero__cta">
            See more
          </ButtonLink>
        </div>
      </section>

      <section className="home-categories" aria-labelledby="home-categories-title">
        <div className="section-head">
          <p className="eyebrow">The collections</p>
          <h2 id="home-categories-title" className="section-title">
            Shop by category
          </h2>
        </div>
        <ul className="category-tiles">
          {TILES.map((tile, i) => (
            <li key={tile.key}>
              <Link to={categoryPath(tile.key)} className={`category-tile category-tile--${tile.key}`}>
                <span className="category-tile__index" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <span className="category-tile__name">{tile.name}</span>
                <span className="category-tile__note" aria-hidden="true">
                  {tile.note}
                </span>
                <span className="category-tile__cta" aria-hidden="true">
                  Discover <ArrowIcon />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
