// The product's pictures: one swipeable scroll-snap strip (phones swipe it; wide screens add
// thumbnails that scroll it). The first picture is the page's LCP, so it loads eagerly and first;
// each is a ShopPicture: -preview.jpg on phones, the full picture on large screens, blurred -small.jpg behind.
import { useEffect, useRef, useState } from 'react';
import { ShopPicture } from '../catalog/shop-picture.js';
import { isJpg, previewOf } from './product-data.js';

type GalleryProps = {
  pictures: readonly string[];
  altOf: (picture: string, index: number) => string;
  /** The selected colour's picture: brought into view when the colour changes. */
  focus: string | null;
};

const SLIDE_SIZES = '(min-width: 1024px) 52vw, 100vw';

export function Gallery({ pictures, altOf, focus }: GalleryProps) {
  const strip = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const shownFocus = useRef(focus);

  const show = (index: number) => scrollToSlide(strip.current, index);

  useEffect(() => {
    if (shownFocus.current === focus) return;
    shownFocus.current = focus;
    const index = focus ? pictures.indexOf(focus) : -1;
    if (index >= 0) scrollToSlide(strip.current, index);
  }, [focus, pictures]);

  if (pictures.length === 0) return <div className="gallery gallery--empty" aria-hidden="true" />;

  return (
    <div className="gallery">
      <div
        ref={strip}
        className="gallery__strip"
        role="region"
        aria-label="Pictures"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling strip must take focus so the keyboard can scroll it (axe: scrollable-region-focusable)
        tabIndex={0}
        onScroll={(event) => {
          const node = event.currentTarget;
          setActive(Math.round(node.scrollLeft / Math.max(node.firstElementChild?.clientWidth ?? 1, 1)));
        }}
      >
        {pictures.map((picture, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: owner content shown as saved; an entry may repeat and the list never reorders on the page
          <div key={`${i}-${picture}`} className="gallery__slide">
            <ShopPicture
              picture={picture}
              alt={altOf(picture, i)}
              width={600}
              height={900}
              sizes={SLIDE_SIZES}
              priority={i === 0}
            />
          </div>
        ))}
      </div>
      {pictures.length > 1 && (
        <>
          <ul className="gallery__thumbs">
            {pictures.map((picture, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: owner content shown as saved; an entry may repeat and the list never reorders on the page
              <li key={`${i}-${picture}`}>
                <button
                  type="button"
                  className="gallery__thumb"
                  aria-label={`Show picture ${i + 1} of ${pictures.length}`}
                  aria-current={i === active ? 'true' : undefined}
                  onClick={() => show(i)}
                >
                  {isJpg(picture) ? <img src={previewOf(picture)} alt="" loading="lazy" decoding="async" /> : <span />}
                </button>
              </li>
            ))}
          </ul>
          <div className="gallery__dots" aria-hidden="true">
            {pictures.map((picture, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: owner content shown as saved; an entry may repeat and the list never reorders on the page
              <span key={`${i}-${picture}`} data-active={i === active} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function scrollToSlide(node: HTMLElement | null, index: number) {
  const slide = node?.children[index] as HTMLElement | undefined;
  if (node && slide) node.scrollTo({ left: slide.offsetLeft - node.offsetLeft, behavior: 'smooth' });
}
