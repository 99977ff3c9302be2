// A product's editorial landing tiles in their six layouts (spec §2). The admin's landing editor
// reuses this as its live preview, so it takes only the tiles.
import type { LandingTile } from '../../../contract/catalog.js';
import { ShopPicture } from '../catalog/shop-picture.js';
import './landing-tiles.css';

function TileImage({ src, alt, sizes, className }: { src?: string; alt: string; sizes: string; className: string }) {
  return src ? (
    <ShopPicture picture={src} alt={alt} width={600} height={900} sizes={sizes} className={className} />
  ) : null;
}

const HALF = '(min-width: 768px) 50vw, 100vw';

function Tile({ tile, alt }: { tile: LandingTile; alt: string }) {
  const { img_1, img_2, title, subtitle } = tile.data;
  const text = subtitle ? <p className="lt__text">{subtitle}</p> : null;
  switch (tile.layout) {
    case 'fullscreenHero':
      return (
        <>
          <TileImage className="lt__img" src={img_1} alt={alt} sizes="100vw" />
          {text}
        </>
      );
    case 'textDataLayout1':
      return (
        <>
          {title && <h2 className="lt__title">{title}</h2>}
          {text}
        </>
      );
    case 'picLayout2L':
      return (
        <>
          <TileImage className="lt__img lt__img--1" src={img_1} alt={alt} sizes={HALF} />
          <TileImage className="lt__img lt__img--2" src={img_2} alt={alt} sizes={HALF} />
        </>
      );
    case 'tallWithSmallOverlayText':
      return (
        <>
          <div className="lt__tall">
            <TileImage className="lt__img lt__img--1" src={img_1} alt={alt} sizes="(min-width: 768px) 55vw, 100vw" />
            {text}
          </div>
          <TileImage className="lt__img lt__img--2" src={img_2} alt={alt} sizes="(min-width: 768px) 30vw, 50vw" />
        </>
      );
    case 'wideHorizontalWithText':
      return (
        <>
          <TileImage className="lt__img" src={img_1} alt={alt} sizes="(min-width: 768px) 66vw, 100vw" />
          {text}
        </>
      );
    case 'columnsLargeRight':
      return (
        <>
          <div className="lt__side">
            <TileImage className="lt__img lt__img--1" src={img_1} alt={alt} sizes="(min-width: 768px) 30vw, 40vw" />
            {text}
          </div>
          <TileImage className="lt__img lt__img--2" src={img_2} alt={alt} sizes="(min-width: 768px) 55vw, 60vw" />
        </>
      );
    default:
      return null;
  }
}

/** `alt` describes the pictures (the product's title on its page); decorative when omitted. */
export function LandingTiles({ tiles, alt = '' }: { tiles: readonly LandingTile[]; alt?: string }) {
  return (
    <div className="landing-tiles">
      {tiles.map((tile, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: owner content shown as saved; an entry may repeat and the list never reorders on the page
        <div key={i} className={`lt lt--${tile.layout}`}>
          <Tile tile={tile} alt={alt} />
        </div>
      ))}
    </div>
  );
}
