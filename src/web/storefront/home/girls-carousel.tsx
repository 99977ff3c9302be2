// 'Murashki Girls': customers' photos, each linking to the piece she wears (spec §2). A row that
// scrolls sideways with snap points; how many show at once is CSS alone (spec §9: 5 from 3000 px,
// 4 from 1024 px, 2 below), so the server's HTML is already right. Previous / Next scroll one page.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { HomeContent } from '../../../contract/content.js';
import { ShopPicture } from '../catalog/shop-picture.js';
import { productPath } from '../catalog/product-tile.js';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons.js';

type Girl = HomeContent['girls'][number];

const GIRL_SIZES = '(min-width: 3000px) 20vw, (min-width: 1024px) 25vw, 50vw';

export function GirlsCarousel({ girls }: { girls: Girl[] }) {
  const track = useRef<HTMLUListElement>(null);
  // The row starts at its beginning; after hydration the buttons follow the scroll position.
  const [edges, setEdges] = useState({ start: true, end: false });

  useEffect(() => {
    const node = track.current;
    if (!node) return;
    const update = () => {
      const max = node.scrollWidth - node.clientWidth;
      setEdges({ start: node.scrollLeft <= 2, end: node.scrollLeft >= max - 2 });
    };
    update();
    node.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      node.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  const scrollByPage = (direction: 1 | -1) => {
    const node = track.current;
    if (!node) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    node.scrollBy({ left: direction * node.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
  };

  return (
    <div className="girls">
      <ul ref={track} className="girls__track" aria-label="Customer photos">
        {girls.map((girl, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: owner content shown as saved; an entry may repeat and the list never reorders on the page
          <li key={`${i}-${girl.picture}`} className="girls__item">
            <Link to={productPath(girl.url)} className="girls__link">
              <ShopPicture
                picture={girl.picture}
                alt={`${girl.handle} wearing Murashki`}
                width={400}
                height={500}
                sizes={GIRL_SIZES}
                className="girls__picture"
              />
              <span className="girls__handle">{girl.handle}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="girls__nav">
        <button
          type="button"
          className="girls__button"
          aria-label="Previous"
          disabled={edges.start}
          onClick={() => scrollByPage(-1)}
        >
          <ChevronLeftIcon />
        </button>
        <button
          type="button"
          className="girls__button"
          aria-label="Next"
          disabled={edges.end}
          onClick={() => scrollByPage(1)}
        >
          <ChevronRightIcon />
        </button>
      </div>
    </div>
  );
}
