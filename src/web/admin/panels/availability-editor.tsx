// Availability (spec §3, §4): product types (type, name, price), their colours (name, hex code with a
// swatch, alt; the link is derived) and sizes (name, sold out, optional stock). Shown in a modal from
// the item form; the form decides whether "Save" writes at once (a card) or keeps it for Create.
import { Fragment, useState } from 'react';
import type { AdminItem } from '../../../contract/admin-catalog.js';
import { snakeLink } from '../../../domain/catalog-names.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { CountField, PanelError } from './admin-form.js';
import {
  moved,
  newColor,
  newProduct,
  newSize,
  renamePiece,
  withPieces,
  type ColorDraft,
  type ProductDraft,
  type SizeDraft,
} from './item-draft.js';
import { savedSize, SizeSubscribers } from './size-subscribers.js';

type Props = {
  title: string;
  initial: ProductDraft[];
  saveLabel: string;
  onSave: (products: ProductDraft[]) => Promise<boolean> | boolean;
  onClose: () => void;
  /** Why the last save failed, if it did. */
  error?: string | null;
  /** The saved item, when there is one: each size then opens its subscriber list. */
  item?: AdminItem | null;
};

export function AvailabilityModal({ title, initial, saveLabel, onSave, onClose, error, item }: Props) {
  const [products, setProducts] = useState<ProductDraft[]>(() => structuredClone(initial));
  const [sizeEditor, setSizeEditor] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** Sizes put back on sale from a stock of 0: their stock field asks for the new stock. */
  const [askedStock, setAskedStock] = useState<ReadonlySet<string>>(new Set());

  const setProduct = (pi: number, change: Partial<ProductDraft>) =>
    setProducts((list) => list.map((p, i) => (i === pi ? { ...p, ...change } : p)));
  const setColor = (pi: number, ci: number, change: Partial<ColorDraft>) =>
    setProducts((list) =>
      list.map((p, i) =>
        i === pi ? { ...p, colors: p.colors.map((c, j) => (j === ci ? { ...c, ...change } : c)) } : p,
      ),
    );
  const setSizes = (pi: number, ci: number, sizes: (old: SizeDraft[]) => SizeDraft[]) =>
    setProducts((list) =>
      list.map((p, i) =>
        i === pi
          ? {
              ...p,
              colors: p.colors.map((c, j) => (j === ci ? { ...c, available_sizes: sizes(c.available_sizes) } : c)),
            }
          : p,
      ),
    );

  const save = async () => {
    setSaving(true);
    try {
      if (await onSave(products)) onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open onClose={onClose} title={title} className="admin-modal">
      <div className="admin-avail">
        {products.length === 0 && <p className="admin-panel__empty">No product types yet.</p>}
        {products.map((p, pi) => (
          <fieldset key={p._key} className="admin-avail__product">
            <legend className="admin-avail__legend">Product type {pi + 1}</legend>
            <div className="admin-grid admin-grid--3">
              <FormField
                label="Type"
                value={p.type}
                placeholder="bra"
                onChange={(e) => setProduct(pi, { type: e.target.value })}
              />
              <FormField
                label="Name"
                value={p.name}
                placeholder="Balconette bra"
                onChange={(e) => setProduct(pi, { name: e.target.value })}
              />
              <FormField
                label="Price ($)"
                type="number"
                min={0}
                step="0.01"
                inputMode="decimal"
                value={p.price}
                onChange={(e) => setProduct(pi, { price: e.target.value })}
              />
            </div>
            <PiecesEditor
              product={p}
              position={pi + 1}
              onChange={(next) => setProducts((list) => list.map((x, i) => (i === pi ? next : x)))}
            />
            {p.colors.map((c, ci) => (
              <fieldset
                key={c._key}
                className="admin-group admin-avail__color"
                aria-label={`Colour ${ci + 1} of product type ${pi + 1}`}
              >
                <div className="admin-avail__color-head">
                  <span className="admin-swatch" style={{ background: c.color_code }} aria-hidden="true" />
                  <span className="admin-avail__color-name">{c.color_name || `Colour ${ci + 1}`}</span>
                  {c.color_name && <code className="admin-avail__link">{snakeLink(c.color_name)}</code>}
                  <Button
                    variant="ghost"
                    className="admin-avail__remove"
                    aria-label={`Remove colour ${ci + 1} of product type ${pi + 1}`}
                    onClick={() => setProduct(pi, { colors: p.colors.filter((_, j) => j !== ci) })}
                  >
                    Remove colour
                  </Button>
                </div>
                <div className="admin-grid admin-grid--3">
                  <FormField
                    label="Colour name"
                    value={c.color_name}
                    placeholder="Dusty Rose"
                    onChange={(e) => setColor(pi, ci, { color_name: e.target.value })}
                  />
                  <div className="admin-colour-code">
                    <FormField
                      label="Colour code"
                      value={c.color_code}
                      placeholder="#d9b8a8"
                      onChange={(e) => setColor(pi, ci, { color_code: e.target.value })}
                    />
                    <input
                      type="color"
                      className="admin-colour-code__picker"
                      aria-label={`Pick colour ${ci + 1}`}
                      value={/^#[0-9a-fA-F]{6}$/.test(c.color_code) ? c.color_code : '#000000'}
                      onChange={(e) => setColor(pi, ci, { color_code: e.target.value })}
                    />
                  </div>
                  <FormField
                    label="Alt text"
                    value={c.alt}
                    onChange={(e) => setColor(pi, ci, { alt: e.target.value })}
                  />
                </div>
                <table
                  className={`${item ? 'admin-table admin-sizes admin-sizes--subscribers' : 'admin-table admin-sizes'}${p.pieces ? ' admin-sizes--pieces' : ''}`}
                >
                  <thead>
                    <tr>
                      {p.pieces && <th scope="col">Piece</th>}
                      <th scope="col">Size</th>
                      <th scope="col">Sold out</th>
                      <th scope="col">Stock</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.available_sizes.map((s, si) => {
                      const label = s.name || `size ${si + 1}`;
                      const update = (change: Partial<SizeDraft>) =>
                        setSizes(pi, ci, (sizes) => sizes.map((x, k) => (k === si ? { ...x, ...change } : x)));
                      const editorKey = s._key ?? `${pi}-${ci}-${si}`;
                      // A set's size is named with its piece for the subscriber list: 'Brief M'.
                      const sizeRef = {
                        productType: p.type,
                        color: c.color_name,
                        size: s.piece ? `${s.piece} ${s.name}` : s.name,
                      };
                      const saved = item ? savedSize(item, sizeRef) : null;
                      const unsaved =
                        !saved ||
                        saved.size.sold_out !== s.sold_out ||
                        String(saved.size.stock ?? '') !== s.stock.trim();
                      // One model: a tracked stock of 0 is sold out. Unticking 'Sold out' there asks for the
                      // new stock (empty: sold without counting); typing 0 ticks it.
                      const setSoldOut = (soldOut: boolean) => {
                        if (soldOut || s.stock.trim() !== '0') return update({ sold_out: soldOut });
                        update({ sold_out: false, stock: '' });
                        setAskedStock((keys) => new Set(keys).add(editorKey));
                        setTimeout(() =>
                          document.querySelector<HTMLInputElement>(`[data-stock="${editorKey}"]`)?.focus(),
                        );
                      };
                      const setStock = (stock: string) =>
                        update(stock.trim() === '0' ? { stock, sold_out: true } : { stock });
                      const asking = askedStock.has(editorKey) && !s.sold_out;
                      return (
                        <Fragment key={s._key}>
                          <tr>
                            {p.pieces && (
                              <td>
                                <select
                                  className="field__input"
                                  aria-label={`Piece of ${label}`}
                                  value={s.piece ?? p.pieces[0] ?? ''}
                                  onChange={(e) => update({ piece: e.target.value })}
                                >
                                  {p.pieces.map((piece, k) => (
                                    // biome-ignore lint/suspicious/noArrayIndexKey: a piece is its place in the set while its name is typed
                                    <option key={k} value={piece}>
                                      {piece || `Piece ${k + 1}`}
                                    </option>
                                  ))}
                                </select>
                              </td>
                            )}
                            <td>
                              <FormField
                                label={`Size name ${si + 1}`}
                                hideLabel
                                value={s.name}
                                placeholder="M"
                                onChange={(e) => update({ name: e.target.value })}
                              />
                            </td>
                            <td>
                              <label className="admin-check">
                                <input
                                  type="checkbox"
                                  checked={s.sold_out}
                                  onChange={(e) => setSoldOut(e.target.checked)}
                                />
                                <span className="visually-hidden">
                                  Sold out {label} ({c.color_name || `colour ${ci + 1}`})
                                </span>
                              </label>
                            </td>
                            <td>
                              <CountField
                                label={`Stock of ${label}`}
                                placeholder={asking ? 'New stock' : '—'}
                                value={s.stock}
                                data-stock={editorKey}
                                onChange={(e) => setStock(e.target.value)}
                                hint={
                                  asking
                                    ? s.stock.trim() === ''
                                      ? 'Back on sale: enter the new stock, or leave empty to sell without counting.'
                                      : 'Back on sale with this stock.'
                                    : undefined
                                }
                              />
                            </td>
                            <td className="admin-table__actions">
                              <div className="admin-sizes__actions">
                                {item && s.name.trim() !== '' && (
                                  <Button
                                    variant="ghost"
                                    aria-expanded={sizeEditor === editorKey}
                                    aria-label={`Subscribers of ${label} (${c.color_name || `colour ${ci + 1}`})`}
                                    onClick={() => setSizeEditor((open) => (open === editorKey ? null : editorKey))}
                                  >
                                    Subscribers
                                  </Button>
                                )}
                                <Button
                                  variant="ghost"
                                  aria-label={`Remove ${label}`}
                                  onClick={() => setSizes(pi, ci, (sizes) => sizes.filter((_, k) => k !== si))}
                                >
                                  Remove
                                </Button>
                              </div>
                            </td>
                          </tr>
                          {item && sizeEditor === editorKey && (
                            <tr className="admin-sizes__editor">
                              <td colSpan={p.pieces ? 5 : 4}>
                                <SizeSubscribers item={item} sizeRef={sizeRef} unsaved={unsaved} />
                              </td>
                            </tr>
                          )}
                        </Fragment>
                      );
                    })}
                  </tbody>
                </table>
                <Button
                  variant="secondary"
                  onClick={() =>
                    setSizes(pi, ci, (sizes) => [
                      ...sizes,
                      p.pieces ? { ...newSize(), piece: sizes.at(-1)?.piece ?? p.pieces[0] ?? '' } : newSize(),
                    ])
                  }
                >
                  Add size
                </Button>
              </fieldset>
            ))}
            <div className="admin-inline">
              <Button variant="secondary" onClick={() => setProduct(pi, { colors: [...p.colors, newColor()] })}>
                Add colour
              </Button>
              <Button variant="ghost" onClick={() => setProducts((list) => list.filter((_, i) => i !== pi))}>
                Remove product type
              </Button>
            </div>
          </fieldset>
        ))}
        <Button variant="secondary" onClick={() => setProducts((list) => [...list, newProduct()])}>
          Add product type
        </Button>
        <p className="admin-avail__note">
          Leave stock empty when it is not tracked; a stock of 0 marks the size sold out, and unticking Sold out there
          asks for the new stock.
        </p>
        <PanelError message={error} />
        <div className="admin-editor__actions">
          <Button disabled={saving} onClick={() => void save()}>
            {saveLabel}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * A product type sold as a set (issue 27 item 4): its pieces in order, each sized on its own. Renaming
 * a piece renames it on its sizes; removing one removes its sizes.
 */
function PiecesEditor({
  product,
  position,
  onChange,
}: {
  product: ProductDraft;
  position: number;
  onChange: (next: ProductDraft) => void;
}) {
  const pieces = product.pieces;
  if (!pieces) {
    return (
      <div className="admin-inline admin-avail__pieces">
        <Button variant="ghost" onClick={() => onChange(withPieces(product, ['Bra', 'Brief']))}>
          Sell as a set with a size per piece
        </Button>
      </div>
    );
  }
  const removePiece = (index: number) => {
    const gone = pieces[index];
    const rest = pieces.filter((_, i) => i !== index);
    const next = {
      ...product,
      colors: product.colors.map((c) => ({ ...c, available_sizes: c.available_sizes.filter((s) => s.piece !== gone) })),
    };
    onChange(rest.length === 0 ? withPieces(next, undefined) : { ...next, pieces: rest });
  };
  return (
    <fieldset className="admin-group admin-avail__pieces" aria-label={`Pieces of product type ${position}`}>
      <legend className="admin-avail__legend">Pieces of the set</legend>
      <p className="admin-avail__note">Each piece takes its own size; the set is sold at the price above.</p>
      <ol className="admin-avail__piece-list">
        {pieces.map((piece, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a piece is its place in the set while its name is typed
          <li key={i} className="admin-inline">
            <FormField
              label={`Piece ${i + 1}`}
              value={piece}
              placeholder="Brief"
              onChange={(e) => onChange(renamePiece(product, i, e.target.value))}
            />
            <Button
              variant="ghost"
              aria-label={`Move ${piece || `piece ${i + 1}`} up`}
              disabled={i === 0}
              onClick={() => onChange({ ...product, pieces: moved(pieces, i, -1) })}
            >
              ↑
            </Button>
            <Button
              variant="ghost"
              aria-label={`Move ${piece || `piece ${i + 1}`} down`}
              disabled={i === pieces.length - 1}
              onClick={() => onChange({ ...product, pieces: moved(pieces, i, 1) })}
            >
              ↓
            </Button>
            <Button variant="ghost" aria-label={`Remove ${piece || `piece ${i + 1}`}`} onClick={() => removePiece(i)}>
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <div className="admin-inline">
        <Button variant="secondary" onClick={() => onChange({ ...product, pieces: [...pieces, ''] })}>
          Add piece
        </Button>
        <Button variant="ghost" onClick={() => onChange(withPieces(product, undefined))}>
          Sell as a single item
        </Button>
      </div>
    </fieldset>
  );
}
