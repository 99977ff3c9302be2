// An item's related items and reviews (spec §2 modals, §4, §9). Related items: see
// related-items-editor.tsx. Each review is a small form that turns 'edited' once changed,
// and Save appears only then (spec §4), for a new review too; a new review starts at rating 5 and
// carries the id it will take, so a second Save of it (double click, retry) makes no second review.
// Delete asks first.
import { useEffect, useRef, useState } from 'react';
import type { AdminItem } from '../../../contract/admin-catalog.js';
import type { Review } from '../../../contract/catalog.js';
import { DEFAULT_REVIEW_RATING } from '../../../domain/catalog-names.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { adminApi, messageOf } from '../admin-api.js';
import { PanelError, SelectField, TextAreaField } from './admin-form.js';
import { RelatedItemsEditor } from './related-items-editor.js';

type Row = {
  key: string;
  id: string | null;
  createId?: string;
  title: string;
  description: string;
  rating: number;
  authorName: string;
  edited: boolean;
};

const rowOf = (r: Review): Row => ({
  key: r._id,
  id: r._id,
  title: r.title,
  description: r.description,
  rating: r.rating,
  authorName: r.authorName,
  edited: false,
});
export const DELETE_REVIEW_QUESTION = 'Are you sure you want to delete this review?';

/** A 24-character hex id, as the server's (src/server/db/ids.ts). */
const newReviewId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

export function ReviewsModal({
  itemId,
  itemTitle,
  onClose,
}: {
  itemId: string;
  itemTitle: string;
  onClose: () => void;
}) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [item, setItem] = useState<AdminItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Rows whose Save is on its way: a second click on one is ignored (the ref covers the gap before the re-render). */
  const savingRef = useRef(new Set<string>());
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    adminApi.item(itemId).then(
      (answer) => {
        setItem(answer.item);
        setRows(answer.reviews.map(rowOf));
      },
      (err: unknown) => setError(messageOf(err)),
    );
  }, [itemId]);

  const update = (key: string, change: Partial<Row>) =>
    setRows((list) => list?.map((r) => (r.key === key ? { ...r, ...change, edited: true } : r)) ?? null);

  const save = async (row: Row) => {
    if (savingRef.current.has(row.key)) return;
    savingRef.current.add(row.key);
    setSaving(new Set(savingRef.current));
    try {
      const { review } = await adminApi.saveReview({
        ...(row.id ? { id: row.id } : row.createId ? { createId: row.createId } : {}),
        productId: itemId,
        title: row.title,
        description: row.description,
        rating: row.rating,
        authorName: row.authorName,
      });
      setRows((list) => list?.map((r) => (r.key === row.key ? { ...rowOf(review), key: row.key } : r)) ?? null);
    } catch (err) {
      window.alert(messageOf(err));
    } finally {
      savingRef.current.delete(row.key);
      setSaving(new Set(savingRef.current));
    }
  };

  const remove = async (row: Row) => {
    if (!window.confirm(DELETE_REVIEW_QUESTION)) return;
    try {
      if (row.id) await adminApi.deleteReview(row.id);
      setRows((list) => list?.filter((r) => r.key !== row.key) ?? null);
    } catch (err) {
      window.alert(messageOf(err));
    }
  };

  const add = () =>
    setRows((list) => [
      ...(list ?? []),
      {
        key: `new-${Date.now()}`,
        id: null,
        createId: newReviewId(),
        title: '',
        description: '',
        rating: DEFAULT_REVIEW_RATING,
        authorName: '',
        edited: false,
      },
    ]);

  return (
    <Modal open onClose={onClose} title="Related items and reviews" className="admin-modal">
      <p className="admin-panel__lede">{itemTitle}</p>
      <PanelError message={error} />
      {item && <RelatedItemsEditor item={item} />}
      <h3 className="admin-item__section-title admin-related__reviews-title">Reviews</h3>
      <div className="admin-avail">
        {rows === null ? (
          <p className="admin-panel__empty">Loading…</p>
        ) : rows.length === 0 ? (
          <p className="admin-panel__empty">No reviews yet.</p>
        ) : (
          rows.map((row, i) => (
            <div key={row.key} className="admin-avail__color" role="group" aria-label={`Review ${i + 1}`}>
              <div className="admin-avail__color-head">
                <span className="admin-avail__color-name">Review {i + 1}</span>
                {(row.edited || !row.id) && (
                  <span className="admin-tag admin-tag--warning">{row.id ? 'Edited' : 'New'}</span>
                )}
              </div>
              <div className="admin-grid admin-grid--3">
                <FormField
                  label="Review title"
                  value={row.title}
                  onChange={(e) => update(row.key, { title: e.target.value })}
                />
                <FormField
                  label="Author"
                  value={row.authorName}
                  onChange={(e) => update(row.key, { authorName: e.target.value })}
                />
                <SelectField
                  label="Rating"
                  value={row.rating}
                  onChange={(e) => update(row.key, { rating: Number(e.target.value) })}
                >
                  {[5, 4, 3, 2, 1].map((n) => (
                    <option key={n} value={n}>
                      {'★'.repeat(n)} {n}
                    </option>
                  ))}
                </SelectField>
              </div>
              <TextAreaField
                label="Review text"
                className="field__input admin-textarea admin-textarea--short"
                rows={3}
                value={row.description}
                onChange={(e) => update(row.key, { description: e.target.value })}
              />
              <div className="admin-inline">
                {row.edited && (
                  <Button onClick={() => void save(row)} disabled={saving.has(row.key)}>
                    Save
                  </Button>
                )}
                <Button variant="ghost" className="admin-danger" onClick={() => void remove(row)}>
                  Delete
                </Button>
              </div>
            </div>
          ))
        )}
        <Button variant="secondary" onClick={add} disabled={rows === null}>
          Add review
        </Button>
      </div>
    </Modal>
  );
}
