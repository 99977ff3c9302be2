// An item's related items and reviews (spec §2 modals, §4, §9). Related items: see
// related-items-editor.tsx. Each review is a small form that turns 'edited' once changed,
// and Save appears only then (spec §4), for a new review too; a new review starts at rating 5 and
// carries the id it will take, so a second Save of it (double click, retry) makes no second review.
// Delete asks first.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Review } from '../../../contract/catalog.js';
import { DEFAULT_REVIEW_RATING } from '../../../domain/catalog-names.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { adminApi } from '../admin-api.js';
import { adminQueries } from '../queries/admin-queries.js';
import { QueryState } from '../queries/query-state.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
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
  const loaded = useQuery(adminQueries.item(itemId));
  return (
    <Modal open onClose={onClose} title="Related items and reviews" className="admin-modal">
      <p className="admin-panel__lede">{itemTitle}</p>
      {loaded.data && <RelatedItemsEditor item={loaded.data.item} />}
      <h3 className="admin-item__section-title admin-related__reviews-title">Reviews</h3>
      <div className="admin-avail">
        <QueryState query={loaded} empty={null} isEmpty={() => false}>
          {(answer) => <Reviews itemId={itemId} initial={answer.reviews} />}
        </QueryState>
      </div>
    </Modal>
  );
}

/** The item's reviews as the owner edits them: loaded once, then each row saved or deleted on its own. */
function Reviews({ itemId, initial }: { itemId: string; initial: Review[] }) {
  const [rows, setRows] = useState<Row[]>(() => initial.map(rowOf));
  const replace = (key: string, next: Row | null) =>
    setRows((list) => list.flatMap((r) => (r.key !== key ? [r] : next ? [next] : [])));

  const add = () =>
    setRows((list) => [
      ...list,
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
    <>
      {rows.length === 0 ? (
        <p className="admin-panel__empty">No reviews yet.</p>
      ) : (
        rows.map((row, i) => (
          <ReviewRow
            key={row.key}
            itemId={itemId}
            row={row}
            number={i + 1}
            onChange={(change) => replace(row.key, { ...row, ...change, edited: true })}
            onSaved={(review) => replace(row.key, { ...rowOf(review), key: row.key })}
            onDeleted={() => replace(row.key, null)}
          />
        ))
      )}
      <Button variant="secondary" onClick={add}>
        Add review
      </Button>
    </>
  );
}

/** One review: Save (once edited) runs once however often it is clicked; Delete asks first. */
function ReviewRow({
  itemId,
  row,
  number,
  onChange,
  onSaved,
  onDeleted,
}: {
  itemId: string;
  row: Row;
  number: number;
  onChange: (change: Partial<Row>) => void;
  onSaved: (review: Review) => void;
  onDeleted: () => void;
}) {
  const save = useAdminMutation({
    call: (saving: Row) =>
      adminApi.saveReview({
        ...(saving.id ? { id: saving.id } : saving.createId ? { createId: saving.createId } : {}),
        productId: itemId,
        title: saving.title,
        description: saving.description,
        rating: saving.rating,
        authorName: saving.authorName,
      }),
    invalidates: [adminQueries.item(itemId).queryKey],
    onSuccess: ({ review }) => onSaved(review),
  });
  const remove = useAdminMutation({
    call: async (id: string | null) => {
      if (id) await adminApi.deleteReview(id);
    },
    invalidates: [adminQueries.item(itemId).queryKey],
    onSuccess: onDeleted,
  });
  const askRemove = () => {
    if (window.confirm(DELETE_REVIEW_QUESTION)) void remove.run(row.id);
  };

  return (
    <fieldset className="admin-group admin-avail__color" aria-label={`Review ${number}`}>
      <div className="admin-avail__color-head">
        <span className="admin-avail__color-name">Review {number}</span>
        {(row.edited || !row.id) && <span className="admin-tag admin-tag--warning">{row.id ? 'Edited' : 'New'}</span>}
      </div>
      <div className="admin-grid admin-grid--3">
        <FormField label="Review title" value={row.title} onChange={(e) => onChange({ title: e.target.value })} />
        <FormField label="Author" value={row.authorName} onChange={(e) => onChange({ authorName: e.target.value })} />
        <SelectField label="Rating" value={row.rating} onChange={(e) => onChange({ rating: Number(e.target.value) })}>
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
        onChange={(e) => onChange({ description: e.target.value })}
      />
      <div className="admin-inline">
        {row.edited && (
          <Button onClick={() => void save.run(row)} disabled={save.pending}>
            Save
          </Button>
        )}
        <Button variant="ghost" className="admin-danger" onClick={askRemove}>
          Delete
        </Button>
      </div>
      <PanelError message={save.error ?? remove.error} />
    </fieldset>
  );
}
