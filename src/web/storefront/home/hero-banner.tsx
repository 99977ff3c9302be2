// The home page's full-screen banner (spec §2, §9): one picture above 1024 px, another below; a new
// banner every 5 s, each zooming in slowly from 0.5 s after it appears; a click anywhere opens
// /collections (or the slide's own link, issue 26). Each slide carries its title and button words
// (spec: 'New Arrivals', 'See more'). The first banner is the page's largest paint, so only it is in the server's HTML;
// the others join after hydration. Rotation stops for reduced motion and has a pause button.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { previewOf } from '../../../domain/pictures.js';
import type { HomeContent } from '../../../contract/content.js';

export const BANNER_ROTATE_MS = 5000;

type Banner = HomeContent['banners'][number];

const isJpg = (picture: string) => /\.jpg$/i.test(picture);

/** A `.jpg` banner offers its half-size preview too; any other file is used as it is. */
function srcSetOf(picture: string, width: number) {
  return isJpg(picture) ? `${previewOf(picture)} ${width / 2}w, ${picture} ${width}w` : picture;
}

function BannerPicture({ banner, first }: { banner: Banner; first: boolean }) {
  const mobilePreview = isJpg(banner.mobile) ? previewOf(banner.mobile) : banner.mobile;
  return (
    <picture>
      <source
        media="(min-width: 1025px)"
        srcSet={srcSetOf(banner.desktop, 2400)}
        sizes="100vw"
        width={1200}
        height={600}
      />
      {/* Phones get the 540 px preview: the picture is soft and light, and it keeps the first paint quick. */}
      <source media="(max-width: 480px)" srcSet={mobilePreview} width={540} height={800} />
      <img
        className="hero__img"
        src={mobilePreview}
        srcSet={srcSetOf(banner.mobile, 1080)}
        sizes="100vw"
        width={540}
        height={800}
        alt={banner.alt}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'low'}
        decoding={first ? 'sync' : 'async'}
      />
    </picture>
  );
}

/** A shop path opens in the page; an https address (the owner's lookbook, …) is a plain link. */
function SlideLink({ banner }: { banner: Banner }) {
  const words = (
    <>
      {banner.buttonText}
      {/* Spec text 'See more'; the hidden words make the link make sense out of context. */}
      {!banner.buttonText.toLowerCase().includes(banner.title.toLowerCase()) && (
        <span className="visually-hidden">{` ${banner.title.toLowerCase()}`}</span>
      )}
    </>
  );
  return banner.link.startsWith('/') ? (
    <Link to={banner.link} className="button button--primary hero__cta">
      {words}
    </Link>
  ) : (
    <a href={banner.link} className="button button--primary hero__cta">
      {words}
    </a>
  );
}

export function HeroBanner({ banners }: { banners: Banner[] }) {
  const [index, setIndex] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const count = banners.length;
  const current = banners[index] ?? banners[0];

  useEffect(() => {
    setHydrated(true);
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const rotating = hydrated && count > 1 && !paused && !reducedMotion;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), BANNER_ROTATE_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  return (
    <section className="hero" aria-labelledby="hero-title" aria-roledescription="carousel">
      <div className="hero__slides">
        {banners.map((banner, i) =>
          i === 0 || hydrated ? (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: owner content shown as saved; an entry may repeat and the list never reorders on the page
              key={`${i}-${banner.desktop}`}
              className="hero__slide"
              data-active={i === index}
              // The zoom is a CSS transition with a 0.5 s delay; it starts once React runs, so the first banner zooms too.
              data-zoom={hydrated && i === index && !reducedMotion}
              aria-hidden={i !== index}
            >
              <BannerPicture banner={banner} first={i === 0} />
            </div>
          ) : null,
        )}
        <div className="hero__scrim" aria-hidden="true" />
      </div>
      <div className="hero__content">
        <p className="eyebrow hero__eyebrow">Murashki · Lingerie &amp; Clothing</p>
        <h1 id="hero-title" className="hero__title">
          {current?.title}
        </h1>
        {current && <SlideLink banner={current} />}
      </div>
      {count > 1 && hydrated && !reducedMotion && (
        <div className="hero__controls">
          <ol className="hero__dots" aria-hidden="true">
            {banners.map((banner, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: owner content shown as saved; an entry may repeat and the list never reorders on the page
              <li key={`${i}-${banner.desktop}`} data-active={i === index} />
            ))}
          </ol>
          <button
            type="button"
            className="hero__pause"
            aria-label={paused ? 'Play banner slideshow' : 'Pause banner slideshow'}
            onClick={() => setPaused((p) => !p)}
          >
            <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
              {paused ? (
                <path d="M2 1l7 4-7 4z" fill="currentColor" />
              ) : (
                <path d="M2 1h2v8H2zM6 1h2v8H6z" fill="currentColor" />
              )}
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
