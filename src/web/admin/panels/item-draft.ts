// The item form's working copy: text inputs keep strings while the owner types; toBody turns the
// draft into the fields createItem and updateItem take (dollars, integers, null stock when blank).
import type { AdminItem, CreateItemBody } from '../../../contract/admin-catalog.js';
import { NEW_ITEM_DEFAULTS } from '../../../domain/catalog-names.js';
import { isPlainImage, previewOf } from '../../../domain/pictures.js';

/**
 * `_key`: a row's identity while the owner edits (a React key that survives edits, moves and
 * removals of the rows around it). Never sent, and not a change: draftChanged ignores it.
 */
type Keyed = { _key?: string };
/**
 * `piece`: on a set's size, the piece it belongs to ('Bra', issue 27 item 4). `shown`: the stock
 * the item had when loaded, sent as stock_shown so a save moves the stock by the owner's change and
 * keeps what orders took meanwhile (decision 049); none for a size added in the editor.
 */
export type SizeDraft = Keyed & {
  name: string;
  sold_out: boolean;
  stock: string;
  piece?: string;
  shown?: number | null;
};
export type ColorDraft = Keyed & {
  color_name: string;
  color_code: string;
  color_picture: string | null;
  alt: string;
  available_sizes: SizeDraft[];
};
/** `pieces`: a set's pieces in order ('Bra', 'Brief'); absent for a single item (issue 27 item 4). */
export type ProductDraft = Keyed & {
  type: string;
  name: string;
  price: string;
  colors: ColorDraft[];
  pieces?: string[];
};
export type BlockDraft = Keyed & { title: string; text: string };

let lastKey = 0;
/** A new row identity (see Keyed). */
export const rowKey = () => `row-${++lastKey}`;

export type ItemDraft = {
  title: string;
  url: string;
  meta_title: string;
  meta_description: string;
  category: string;
  published: boolean;
  position: string;
  promotion_position: string;
  is_final_sale: boolean;
  pictures: string[];
  description: BlockDraft[];
  available_products: ProductDraft[];
};

export const newSize = (): SizeDraft => ({ _key: rowKey(), name: '', sold_out: false, stock: '' });
export const newColor = (): ColorDraft => ({
  _key: rowKey(),
  color_name: '',
  color_code: '#d9b8a8',
  color_picture: null,
  alt: '',
  available_sizes: [newSize()],
});
export const newProduct = (): ProductDraft => ({ _key: rowKey(), type: '', name: '', price: '', colors: [newColor()] });
export const newBlock = (): BlockDraft => ({ _key: rowKey(), title: '', text: '' });

export function emptyDraft(): ItemDraft {
  return {
    title: '',
    url: '',
    meta_title: '',
    meta_description: '',
    category: '',
    published: NEW_ITEM_DEFAULTS.published,
    position: String(NEW_ITEM_DEFAULTS.position),
    promotion_position: String(NEW_ITEM_DEFAULTS.promotion_position),
    is_final_sale: NEW_ITEM_DEFAULTS.is_final_sale,
    pictures: [],
    description: [],
    available_products: [],
  };
}

export function productsDraftOf(item: AdminItem): ProductDraft[] {
  return item.available_products.map((p) => ({
    _key: rowKey(),
    type: p.type,
    name: p.name,
    price: String(p.price),
    colors: p.colors.map((c) => ({
      _key: rowKey(),
      color_name: c.color_name,
      color_code: c.color_code,
      color_picture: c.color_picture,
      alt: c.alt,
      // A set's sizes, piece by piece, each row knowing its piece.
      available_sizes: c.pieces
        ? c.pieces.flatMap((q) =>
            q.available_sizes.map((s) => ({
              _key: rowKey(),
              name: s.name,
              sold_out: s.sold_out,
              stock: s.stock === null ? '' : String(s.stock),
              shown: s.stock,
              piece: q.name,
            })),
          )
        : c.available_sizes.map((s) => ({
            _key: rowKey(),
            name: s.name,
            sold_out: s.sold_out,
            stock: s.stock === null ? '' : String(s.stock),
            shown: s.stock,
          })),
    })),
    ...(p.pieces?.length ? { pieces: [...p.pieces] } : {}),
  }));
}

export function draftOf(item: AdminItem): ItemDraft {
  return {
    title: item.title,
    url: item.url,
    meta_title: item.meta_title,
    meta_description: item.meta_description,
    category: item.category ?? '',
    published: item.published,
    position: String(item.position),
    promotion_position: String(item.promotion_position),
    is_final_sale: item.is_final_sale,
    pictures: [...item.pictures],
    description: item.description.map((b) => ({ _key: rowKey(), title: b.title, text: b.text })),
    available_products: productsDraftOf(item),
  };
}

const int = (value: string) => (value.trim() === '' ? 0 : Number(value));

export function productsBody(products: ProductDraft[]): NonNullable<CreateItemBody['available_products']> {
  return products.map((p) => ({
    type: p.type,
    name: p.name,
    price: p.price.trim() === '' ? Number.NaN : Number(p.price),
    colors: p.colors.map((c) => ({
      color_name: c.color_name,
      color_code: c.color_code,
      color_picture: c.color_picture,
      alt: c.alt,
      ...(p.pieces?.length
        ? {
            available_sizes: [],
            pieces: p.pieces.map((piece) => ({
              name: piece,
              available_sizes: c.available_sizes.filter((s) => s.piece === piece).map(sizeBody),
            })),
          }
        : { available_sizes: c.available_sizes.map(sizeBody) }),
    })),
    ...(p.pieces?.length ? { pieces: p.pieces } : {}),
  }));
}

const sizeBody = (s: SizeDraft) => ({
  name: s.name,
  sold_out: s.sold_out,
  stock: s.stock.trim() === '' ? null : Number(s.stock),
  ...(s.shown !== undefined ? { stock_shown: s.shown } : {}),
});

/** A set's pieces renamed: its sizes follow (issue 27 item 4). */
export function renamePiece(p: ProductDraft, index: number, name: string): ProductDraft {
  const old = p.pieces?.[index];
  if (old === undefined) return p;
  return {
    ...p,
    pieces: p.pieces!.map((q, i) => (i === index ? name : q)),
    colors: p.colors.map((c) => ({
      ...c,
      available_sizes: c.available_sizes.map((s) => (s.piece === old ? { ...s, piece: name } : s)),
    })),
  };
}

/** A single item made a set: its sizes become the first piece's; a set made single keeps the first piece's sizes. */
export function withPieces(p: ProductDraft, pieces: string[] | undefined): ProductDraft {
  const first = pieces?.[0];
  const keep = p.pieces?.[0];
  return {
    ...p,
    ...(pieces ? { pieces } : { pieces: undefined }),
    colors: p.colors.map((c) => ({
      ...c,
      available_sizes: c.available_sizes
        .filter((s) => pieces || !s.piece || s.piece === keep)
        .map(({ piece, ...s }) => (first !== undefined ? { ...s, piece: piece ?? first } : s)),
    })),
  };
}

/** Every field of the form; the url is left out when blank so the server derives it from the title. */
export function toBody(draft: ItemDraft): CreateItemBody {
  const body: CreateItemBody = {
    title: draft.title,
    meta_title: draft.meta_title,
    meta_description: draft.meta_description,
    category: draft.category || null,
    published: draft.published,
    position: int(draft.position),
    promotion_position: int(draft.promotion_position),
    is_final_sale: draft.is_final_sale,
    pictures: draft.pictures,
    description: draft.description.map((b) => ({ title: b.title, text: b.text })),
    available_products: productsBody(draft.available_products),
  };
  if (draft.url.trim() !== '') body.url = draft.url.trim();
  return body;
}

/** Moves entry `index` of a list by `by` (-1 up, +1 down); out-of-range moves leave the list as it is. */
export function moved<T>(list: readonly T[], index: number, by: number): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [entry] = next.splice(index, 1);
  next.splice(target, 0, entry as T);
  return next;
}

/**
 * What the pictures list shows for a picture: its `-preview.jpg` when it is a `.jpg` (every upload
 * and demo picture has one, as the storefront relies on; the `-small.jpg` is a 20 px blur, too
 * small to tell pictures apart), or the picture itself.
 */
export const thumbOf = (path: string): string =>
  isPlainImage(path) && !/-(preview|small)\.jpg$/i.test(path) ? previewOf(path) : path;

/**
 * What an availability save changed in sizes' sale state, in the owner's words, e.g.
 * 'M (Black): back on sale, 5 in stock'; unchanged sizes say nothing.
 */
export function availabilityChanges(before: ProductDraft[], after: ProductDraft[]): string[] {
  const key = (p: ProductDraft, c: ColorDraft, s: SizeDraft) =>
    `${p.type}\u0000${c.color_name}\u0000${s.piece ?? ''}\u0000${s.name}`;
  const old = new Map(
    before.flatMap((p) => p.colors.flatMap((c) => c.available_sizes.map((s) => [key(p, c, s), s] as const))),
  );
  const stockText = (s: SizeDraft) => (s.stock.trim() === '' ? 'stock not counted' : `${s.stock.trim()} in stock`);
  return after.flatMap((p) =>
    p.colors.flatMap((c) =>
      c.available_sizes.flatMap((s) => {
        const was = old.get(key(p, c, s));
        const name = `${s.piece ? `${s.piece} ` : ''}${s.name} (${c.color_name})`;
        if (!was) return [];
        if (!was.sold_out && s.sold_out) return [`${name}: sold out`];
        if (was.sold_out && !s.sold_out) return [`${name}: back on sale, ${stockText(s)}`];
        if (!s.sold_out && was.stock.trim() !== s.stock.trim()) return [`${name}: ${stockText(s)}`];
        return [];
      }),
    ),
  );
}
