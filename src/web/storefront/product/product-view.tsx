// The loaded product page (spec §2): gallery, title, price of the chosen style, style/colour/size
// choices, ADD TO BAG (or 'Get notified'), description blocks, reviews, sizing popup, landing tiles.
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '../../../contract/catalog.js';
import { Button } from '../../ui/button.js';
import { useAddToBag } from '../bag/use-add-to-bag.js';
import { bagErrorMessage } from '../bag/use-cart.js';
import { formatPrice } from '../catalog/format-price.js';
import { categoryPath } from '../shell/side-menu.js';
import { SizingPopup } from '../sizing/sizing-popup.js';
import { fitKindFor } from '../../../domain/fit-finder-kind.js';
import { FitFinderButton, useYourSize, YourSizeHint } from '../fit-finder/your-size.js';
import { DescriptionBlocks } from './description-blocks.js';
import { Gallery } from './gallery.js';
import { LandingTiles } from './landing-tiles.js';
import { ColourPicker, SizePicker, StylePicker } from './option-pickers.js';
import { keptChoice, type PieceChoice, SetSizePickers } from './set-size-pickers.js';
import { soldOutEverywhere } from './product-data.js';
import { ProductSeo } from './product-seo.js';
import { RelatedProducts } from './related-products.js';
import { ReviewsPanel } from './reviews-panel.js';
import { FitSummary } from './fit-summary.js';
import { Stars } from './stars.js';
import { useNotify } from './use-notify.js';
import { LoadBoundary } from '../../ui/load-boundary.js';
import './product.css';

/** The back-in-stock modal loads on demand: most visits never open it. */
const NotifyModal = lazy(() => import('../marketing/notify-modal.js'));

/** Spec §2: 'You may also like' shows up to 4 suggested products. */
const SUGGESTED_MAX = 4;

export function ProductView({ product }: { product: Product }) {
  const types = product.available_products;
  const [typeIndex, setTypeIndex] = useState(0);
  const [colorIndex, setColorIndex] = useState(0);
  const [sizeIndex, setSizeIndex] = useState<number | null>(null);
  const [sizeMissing, setSizeMissing] = useState(false);
  // A set's size per piece and the piece lacking one (issue 27 item 4).
  const [pieceChoice, setPieceChoice] = useState<PieceChoice>({});
  const [pieceMissing, setPieceMissing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const [panel, setPanel] = useState<'reviews' | 'sizing' | null>(null);
  const errorId = useId();
  const addToBag = useAddToBag();
  const notify = useNotify();

  const type = types[typeIndex];
  const colors = type?.colors ?? [];
  const color = colors[colorIndex];
  const sizes = color?.available_sizes ?? [];
  const pieces = type?.pieces ?? [];
  const allSoldOut = soldOutEverywhere(product);
  // Issue 27 (fit finder): the remembered size is preselected after hydration, with a 'Your size' hint.
  const fitKind = fitKindFor(product.category, type?.type);
  const yourFit = useYourSize(fitKind, sizes, sizeIndex, setSizeIndex);
  const closePanel = () => setPanel(null);

  const base = () => ({
    url: product.url,
    product_type: type?.type ?? '',
    product_name: type?.name ?? '',
    color: color?.color_name ?? '',
    colorIndex,
  });

  /** Keeps the chosen size across a change of style or colour when it is on offer there too. */
  const choose = (nextType: number, nextColor: number) => {
    const nextColors = types[nextType]?.colors ?? [];
    const sizeName = sizeIndex === null ? null : sizes[sizeIndex]?.name;
    const nextSizes = nextColors[nextColor]?.available_sizes ?? [];
    const kept = nextSizes.findIndex((size) => size.name === sizeName && !size.sold_out);
    setTypeIndex(nextType);
    setColorIndex(nextColor);
    setSizeIndex(kept >= 0 ? kept : null);
    setPieceChoice((choice) => keptChoice(choice, nextColors[nextColor]));
  };

  const chooseType = (index: number) => {
    const sameColor = (types[index]?.colors ?? []).findIndex((c) => c.color_name === color?.color_name);
    choose(index, Math.max(sameColor, 0));
  };

  const chooseSize = (index: number) => {
    const size = sizes[index];
    if (!size || index === sizeIndex) {
      setSizeIndex(null);
      return;
    }
    // Spec §4: a sold-out size opens the back-in-stock modal instead, unless everything is sold out.
    if (size.sold_out && !allSoldOut) {
      setSizeIndex(null);
      notify.onSoldOutSize({ ...base(), size: size.name, sizeIndex: index, isSoldOut: true });
      return;
    }
    setSizeIndex(index);
    setSizeMissing(false);
  };

  /** A set's piece size: a sold-out one opens the back-in-stock modal for that piece and size. */
  const choosePieceSize = (piece: string, name: string | null, soldOut: boolean) => {
    if (name !== null && soldOut && !allSoldOut) {
      notify.onSoldOutSize({ ...base(), size: name, sizeIndex: null, piece, isSoldOut: true });
      return;
    }
    setPieceChoice((choice) => {
      const { [piece]: _, ...rest } = choice;
      return name === null ? rest : { ...rest, [piece]: name };
    });
    if (name !== null && pieceMissing === piece) setPieceMissing(null);
  };
  const addSet = () => {
    const lacking = pieces.find((piece) => !pieceChoice[piece]);
    if (lacking) {
      setPieceMissing(lacking);
      return;
    }
    setAdding(true);
    setAddError(null);
    addToBag({ ...base(), size: '', piece_sizes: pieces.map((piece) => ({ piece, size: pieceChoice[piece]! })) })
      .catch((err: unknown) => setAddError(bagErrorMessage(err)))
      .finally(() => setAdding(false));
  };

  const size = sizeIndex === null ? undefined : sizes[sizeIndex];
  /** Spec §4: closing the notify modal clears a sold-out size selection. */
  const closeNotify = () => {
    notify.close();
    if (size?.sold_out) setSizeIndex(null);
  };
  const onMainButton = () => {
    if (adding) return;
    if (allSoldOut) {
      notify.onSoldOutSize({
        ...base(),
        size: size?.name ?? null,
        sizeIndex: size ? sizeIndex : null,
        isSoldOut: true,
      });
      return;
    }
    if (pieces.length > 0) {
      addSet();
      return;
    }
    if (!size || sizeIndex === null) {
      setSizeMissing(true);
      return;
    }
    setAdding(true);
    setAddError(null);
    addToBag({ ...base(), size: size.name, sizeIndex, isSoldOut: size.sold_out })
      .catch((err: unknown) => setAddError(bagErrorMessage(err)))
      .finally(() => setAdding(false));
  };

  const colorAlts = new Map(
    types.flatMap((t) => t.colors.flatMap((c) => (c.color_picture ? [[c.color_picture, c.alt] as const] : []))),
  );
  const altOf = (picture: string, i: number) =>
    colorAlts.get(picture) || (i === 0 ? product.title : `${product.title}, view ${i + 1}`);
  const { average, count } = product.rating;

  return (
    <div className="product">
      <ProductSeo product={product} />
      <div className="product__main">
        <Link
          className="product__back"
          to={product.category_title ? categoryPath(product.category ?? '') : '/collections'}
        >
          <span aria-hidden="true">←</span>{' '}
          {product.category_title ? `Back To ${product.category_title}` : 'Collections'}
        </Link>
        <Gallery pictures={product.pictures} altOf={altOf} focus={color?.color_picture ?? null} />
        <div className="product__info">
          <h1 className="product__title">{product.title}</h1>
          <div className="product__meta">
            {type && <p className="product__price">{formatPrice(type.price)}</p>}
            <button
              type="button"
              className="product__reviews"
              aria-haspopup="dialog"
              onClick={() => setPanel('reviews')}
            >
              <span>
                <span className="product__reviews-label">Reviews</span>
                {count > 0 && <span className="product__reviews-count">{` (${count})`}</span>}
              </span>
              {count > 0 && <Stars rating={average} />}
            </button>
          </div>
          {/* Issue 27 #6: what reviewers say of the fit. */}
          <FitSummary fit={product.fit} />

          {types.length > 1 && <StylePicker types={types} selected={typeIndex} onSelect={chooseType} />}
          {colors.length > 0 && (
            <ColourPicker colors={colors} selected={colorIndex} onSelect={(i) => choose(typeIndex, i)} />
          )}
          {pieces.length > 0 && color && (
            <SetSizePickers
              color={color}
              choice={pieceChoice}
              missing={pieceMissing}
              errorId={errorId}
              onSelect={choosePieceSize}
              guide={
                <button
                  type="button"
                  className="link-button product__size-guide"
                  aria-haspopup="dialog"
                  onClick={() => setPanel('sizing')}
                >
                  Size guide
                </button>
              }
            />
          )}
          {pieces.length === 0 && sizes.length > 0 && (
            <SizePicker
              sizes={sizes}
              selected={sizeIndex}
              onSelect={chooseSize}
              errorId={sizeMissing ? errorId : undefined}
              guide={
                <span className="fit-finder-links">
                  {fitKind && <FitFinderButton kind={fitKind} className="link-button product__size-guide" />}
                  <button
                    type="button"
                    className="link-button product__size-guide"
                    aria-haspopup="dialog"
                    onClick={() => setPanel('sizing')}
                  >
                    Size guide
                  </button>
                </span>
              }
            />
          )}
          {yourFit && <YourSizeHint fit={yourFit} sizes={sizes} />}

          {sizeMissing && (
            <p id={errorId} className="product__error" role="alert">
              Please fill out the size
            </p>
          )}
          {addError && (
            <p className="product__error" role="alert">
              {addError}
            </p>
          )}
          {allSoldOut && (
            <p className="product__sold-out">Sold out. Leave your email and we will tell you when it is back.</p>
          )}
          <Button block className="product__add" onClick={onMainButton} aria-disabled={adding || undefined}>
            {allSoldOut ? 'Get notified' : 'ADD TO BAG'}
          </Button>
          <ul className="product__notes">
            <li>Free US shipping on orders over $100</li>
            {product.is_final_sale && <li>Final sale: not eligible for return</li>}
          </ul>

          <DescriptionBlocks blocks={product.description} />
        </div>
      </div>

      <RelatedProducts title="Complete the look" items={product.completeSet} variant="look" />
      {product.landing.length > 0 && (
        <div className="product__landing">
          <LandingTiles tiles={product.landing} alt={product.title} />
        </div>
      )}
      <RelatedProducts
        title="You may also like"
        items={product.suggestedProducts.slice(0, SUGGESTED_MAX)}
        variant="more"
      />

      <ReviewsPanel product={product} open={panel === 'reviews'} onClose={closePanel} />
      <SizingPopup open={panel === 'sizing'} onClose={closePanel} />
      {notify.opened && (
        <LoadBoundary what="The notify form" floating>
          <Suspense fallback={null}>
            <NotifyModal product={product} request={notify.request} onClose={closeNotify} />
          </Suspense>
        </LoadBoundary>
      )}
    </div>
  );
}
