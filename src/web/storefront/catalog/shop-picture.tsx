// One picture of the catalog, as spec §9 wants it shown. A `.jpg` is a plain <img> of its
// `-preview.jpg` (half size; the original for wide, dense screens via srcset); anything else (another
// image type, a video url) is fitted into a 2:3 box. Falling back: a preview that fails to load is
// replaced by the original file (a fresh upload may have no preview yet), and one that has not loaded
// 1500 ms after it came into view shows the blurred `-small.jpg` behind it until it arrives.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { previewOf, smallOf } from '../../../domain/pictures.js';
import './catalog.css';

export const FALLBACK_AFTER_MS = 1500;
const PHONE_MEDIA = '(max-width: 1023px)';

const VIDEO = /\.(mp4|webm|mov|m4v|ogv)(\?|#|$)/i;

export type ShopPictureProps = {
  picture: string;
  alt: string;
  /** Size of the `-preview.jpg` in px; the original is twice as large. */
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the picture is drawn. */
  sizes: string;
  /** Above the fold: load at once with high priority instead of lazily. */
  priority?: boolean;
  className?: string;
};

const isJpg = (picture: string) => /\.jpg$/i.test(picture);

export function ShopPicture({
  picture,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className = '',
}: ShopPictureProps) {
  if (!isJpg(picture))
    return (
      <AspectMedia
        picture={picture}
        alt={alt}
        width={width}
        height={height}
        priority={priority}
        className={className}
      />
    );
  return (
    <JpgPicture
      picture={picture}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      priority={priority}
      className={className}
    />
  );
}

function JpgPicture({ picture, alt, width, height, sizes, priority, className }: Required<ShopPictureProps>) {
  const img = useRef<HTMLImageElement>(null);
  const [loaded, setLoaded] = useState(false);
  const [slow, setSlow] = useState(false);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    const node = img.current;
    if (!node) return;
    // The server's HTML may have finished loading before React attached onLoad / onError.
    if (node.complete && node.currentSrc) {
      if (node.naturalWidth > 0) setLoaded(true);
      else setBroken(true);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      timer ??= setTimeout(() => {
        const current = img.current;
        if (!(current?.complete && current.naturalWidth > 0)) setSlow(true);
      }, FALLBACK_AFTER_MS);
    };
    // A lazy picture only starts loading near the viewport; its 1500 ms start there too.
    if (priority || typeof IntersectionObserver === 'undefined') {
      arm();
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          arm();
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(node);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [priority]);

  const preview = previewOf(picture);
  // Only a slow picture shows (and so downloads) its blurred placeholder: fast ones fade in clean.
  const style = { '--placeholder': `url("${smallOf(picture)}")` } as CSSProperties;
  const image = (
    <img
      ref={img}
      // A fresh element for the original, so a failed preview cannot linger.
      key={broken ? 'original' : 'preview'}
      className="shop-picture__img"
      src={broken ? picture : preview}
      srcSet={broken ? undefined : `${preview} ${width}w, ${picture} ${width * 2}w`}
      sizes={broken ? undefined : sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      onLoad={() => setLoaded(true)}
      onError={() => setBroken(true)}
    />
  );
  return (
    <span className={`shop-picture ${className}`.trim()} data-loaded={loaded} data-slow={slow && !loaded} style={style}>
      {broken ? (
        image
      ) : (
        // Phones get the preview whatever their pixel density: a quarter of the bytes on slow networks.
        <picture>
          <source media={PHONE_MEDIA} srcSet={preview} />
          {image}
        </picture>
      )}
    </span>
  );
}

type AspectMediaProps = {
  picture: string;
  alt: string;
  width: number;
  height: number;
  priority: boolean;
  className: string;
};

function AspectMedia({ picture, alt, width, height, priority, className }: AspectMediaProps) {
  return (
    <span className={`shop-picture shop-picture--box ${className}`.trim()} data-loaded="true">
      {VIDEO.test(picture) ? (
        <video
          className="shop-picture__img"
          src={picture}
          width={width}
          height={height}
          muted
          loop
          autoPlay
          playsInline
          preload={priority ? 'auto' : 'metadata'}
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
        />
      ) : (
        <img
          className="shop-picture__img"
          src={picture}
          width={width}
          height={height}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'auto' : 'async'}
          fetchPriority={priority ? 'high' : undefined}
        />
      )}
    </span>
  );
}
