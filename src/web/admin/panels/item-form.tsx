// The one item form (spec §2, §4): Create New shows it empty, each Existing Items card shows it
// filled. Fields, description blocks, pictures (upload, move up/down, remove) and availability
// (a modal). A card saves with updateItem and can delete the item behind a confirmation modal.
import { useId, useRef, useState, type FormEvent } from 'react';
import type { AdminItem, CreateItemBody } from '../../../contract/admin-catalog.js';
import type { Category } from '../../../contract/content.js';
import { META_DESCRIPTION_HINT, urlFromTitle } from '../../../domain/catalog-names.js';
import { formatPrice, toCents } from '../../../domain/money.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { Modal } from '../../ui/modal.js';
import { adminApi } from '../admin-api.js';
import { adminKeys } from '../queries/admin-queries.js';
import { useFormCheck } from '../queries/form-check.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { CategoryOptions, PanelError, PanelStatus, SelectField, SwitchField, TextAreaField } from './admin-form.js';
import { AvailabilityModal } from './availability-editor.js';
import { ReviewsModal } from './reviews-modal.js';
import {
  availabilityChanges,
  draftOf,
  emptyDraft,
  moved,
  newBlock,
  productsBody,
  thumbOf,
  toBody,
  type ItemDraft,
  type ProductDraft,
} from './item-draft.js';
import { imageSize, PICTURE_SHAPE_HINT, pictureShapeNote } from './picture-shape.js';
import { useUnsavedWarning } from './use-unsaved-warning.js';

export const DELETE_ITEM_TITLE = 'Delete item';
export const DELETE_ITEM_TEXT = 'Are you sure you want to completely remove the item?';

type Props = {
  /** null: a new item (Create New). */
  item: AdminItem | null;
  categories: Category[];
};

/** The fields the form shows, by the name a schema issue gives them. */
const SHOWN_FIELDS = ['title', 'url', 'meta_title', 'meta_description', 'category', 'position', 'promotion_position'];

const isVideo = (path: string) => /\.(mp4|mov)$/i.test(path);

/** A product type's price in the availability summary, as the shop prints prices ('$99.50', '$68'). */
export function summaryPrice(price: string): string {
  const dollars = Number(price);
  if (price.trim() === '') return '—';
  // Not an amount the shop could store: shown as typed, and the server says why on save.
  if (!Number.isFinite(dollars) || Math.abs(dollars) > 1e12) return `$${price.trim()}`;
  return formatPrice(toCents(dollars));
}

/** Whether the working copy differs from what was last loaded or saved (drafts hold strings, booleans and lists only; row keys are not content). */
export function draftChanged(saved: ItemDraft, draft: ItemDraft): boolean {
  const content = (d: ItemDraft) => JSON.stringify(d, (name, value: unknown) => (name === '_key' ? undefined : value));
  return content(saved) !== content(draft);
}

export function ItemForm({ item, categories }: Props) {
  /** What was last loaded or saved: the draft differing from it is unsaved work. */
  const [saved, setSaved] = useState<ItemDraft>(() => (item ? draftOf(item) : emptyDraft()));
  const [draft, setDraft] = useState<ItemDraft>(saved);
  const [status, setStatus] = useState<string | null>(null);
  /** After an upload: which pictures are not 2:3 (the storefront crops them to its frames). */
  const [shapeNotes, setShapeNotes] = useState<string[]>([]);
  const [availabilityOpen, setAvailabilityOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [reviewsOpen, setReviewsOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const formId = useId();
  const form = useFormCheck();
  const availabilityCheck = useFormCheck();
  const name = item ? item.title : 'new item';
  useUnsavedWarning(draftChanged(saved, draft));

  const set = <K extends keyof ItemDraft>(key: K, value: ItemDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setStatus(null);
  };

  // A card saves its fields with updateItem; Create New sends the whole item with createItem.
  const save = useAdminMutation({
    call: (body: CreateItemBody) => {
      if (!item) return adminApi.createItem(body);
      // Availability and stock are saved by their own modal: the card never writes back the stock
      // it loaded, which orders may have changed since.
      const { available_products: _saved, ...fields } = body;
      return adminApi.updateItem(item._id, fields);
    },
    invalidates: [adminKeys.items],
    onSuccess: (answer) => {
      const next = item ? draftOf(answer.item) : emptyDraft();
      setSaved(next);
      setDraft(next);
      setStatus(answer.message);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.pending) return;
    setStatus(null);
    const body = toBody(draft);
    const { available_products: _kept, ...fields } = body;
    const valid = item
      ? await form.check('updateItem', { _id: item._id, item: fields }, 'item')
      : await form.check('createItem', body);
    if (valid) await save.run(body);
  };

  // Spec §8: a failed upload is told with the browser's alert.
  const upload = useAdminMutation({
    call: async (files: File[]) => {
      setShapeNotes([]);
      for (const file of files) {
        const path = await adminApi.uploadPicture(file);
        setDraft((d) => ({ ...d, pictures: [...d.pictures, path] }));
        const size = await imageSize(file);
        const note = size && pictureShapeNote(file.name, size.width, size.height);
        if (note) setShapeNotes((notes) => [...notes, note]);
      }
    },
    errorIn: 'browser alert',
  });
  const uploading = upload.pending;
  const uploadFiles = async (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (chosen.length === 0) return;
    await upload.run(chosen);
    if (fileInput.current) fileInput.current.value = '';
  };

  const saveProducts = useAdminMutation({
    call: (products: ProductDraft[]) =>
      adminApi.updateItem(item?._id ?? '', { available_products: productsBody(products) }),
    invalidates: [adminKeys.items],
    onSuccess: (answer) => {
      const { available_products } = draftOf(answer.item);
      const changes = availabilityChanges(saved.available_products, available_products);
      setSaved((d) => ({ ...d, available_products }));
      setDraft((d) => ({ ...d, available_products }));
      setStatus(changes.length > 0 ? `${answer.message}: ${changes.join('; ')}` : answer.message);
    },
  });

  const saveAvailability = async (products: ProductDraft[]) => {
    if (!item) {
      set('available_products', products);
      return true;
    }
    const body = { _id: item._id, item: { available_products: productsBody(products) } };
    if (!(await availabilityCheck.check('updateItem', body, 'item'))) return false;
    return (await saveProducts.run(products)) !== undefined;
  };

  const remove = useAdminMutation({
    call: (id: string) => adminApi.deleteItem(id),
    invalidates: [adminKeys.items],
    onSuccess: () => setDeleteOpen(false),
  });
  const deleting = remove.pending;

  const metaLength = draft.meta_description.length;
  const variants = draft.available_products.reduce((n, p) => n + p.colors.length, 0);

  return (
    <>
      <form
        className="admin-card admin-item"
        aria-label={item ? `Item ${item.title}` : 'New item'}
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <div className="admin-item__head">
          <h2 className="admin-card__title">{item ? item.title : 'New item'}</h2>
          {item && (
            <span className={`admin-tag admin-tag--${item.published ? 'success' : 'warning'}`}>
              {item.published ? 'Published' : 'Hidden'}
            </span>
          )}
        </div>

        <div className="admin-item__columns">
          <div className="admin-editor__fields">
            <FormField
              label="Title"
              value={draft.title}
              error={form.issueOf('title')}
              onChange={(e) => set('title', e.target.value)}
            />
            <FormField
              label="URL"
              value={draft.url}
              placeholder={urlFromTitle(draft.title) || 'derived from the title'}
              onChange={(e) => set('url', e.target.value)}
              error={form.issueOf('url')}
              hint={`/product/${draft.url.trim() || urlFromTitle(draft.title) || '…'}`}
            />
            <FormField
              label="Meta title"
              value={draft.meta_title}
              error={form.issueOf('meta_title')}
              onChange={(e) => set('meta_title', e.target.value)}
            />
            <TextAreaField
              label="Meta description"
              className="field__input admin-textarea admin-textarea--short"
              rows={3}
              value={draft.meta_description}
              error={form.issueOf('meta_description')}
              onChange={(e) => set('meta_description', e.target.value)}
              hint={
                <span className={metaLength > META_DESCRIPTION_HINT ? 'admin-count admin-count--over' : 'admin-count'}>
                  {metaLength} / {META_DESCRIPTION_HINT} characters recommended
                </span>
              }
            />
            <SelectField
              label="Category"
              value={draft.category}
              error={form.issueOf('category')}
              onChange={(e) => set('category', e.target.value)}
            >
              <CategoryOptions categories={categories} current={draft.category} />
            </SelectField>
            <div className="admin-grid admin-grid--2">
              <FormField
                label="Position"
                type="number"
                step={1}
                value={draft.position}
                error={form.issueOf('position')}
                onChange={(e) => set('position', e.target.value)}
              />
              <FormField
                label="Promotion position"
                type="number"
                min={0}
                step={1}
                value={draft.promotion_position}
                error={form.issueOf('promotion_position')}
                onChange={(e) => set('promotion_position', e.target.value)}
                hint="Above 0: shown in the promotion, in that order."
              />
            </div>
            <div className="admin-toggles">
              <SwitchField className="admin-toggle" checked={draft.published} onChange={(on) => set('published', on)}>
                <span>Published</span>
              </SwitchField>
              <SwitchField
                className="admin-toggle"
                checked={draft.is_final_sale}
                onChange={(on) => set('is_final_sale', on)}
              >
                <span>Final sale</span>
              </SwitchField>
            </div>
          </div>

          <div className="admin-editor__fields">
            <section className="admin-item__section" aria-labelledby={`${formId}-pictures`}>
              <h3 id={`${formId}-pictures`} className="admin-item__section-title">
                Pictures
              </h3>
              {draft.pictures.length === 0 ? (
                <p className="admin-panel__empty">No pictures yet.</p>
              ) : (
                <ol className="admin-pictures">
                  {draft.pictures.map((path, i) => (
                    <li key={path} className="admin-pictures__item">
                      {isVideo(path) ? (
                        <video className="admin-pictures__thumb" src={path} muted aria-label={`Picture ${i + 1}`} />
                      ) : (
                        <img
                          className="admin-pictures__thumb"
                          src={thumbOf(path)}
                          // biome-ignore lint/a11y/noRedundantAlt: the owner tells pictures apart by their number in the list ('Picture 1' is also what Move and Remove name)
                          alt={`Picture ${i + 1}`}
                          loading="lazy"
                        />
                      )}
                      <div className="admin-pictures__actions">
                        <button
                          type="button"
                          className="admin-mini"
                          aria-label={`Move picture ${i + 1} up`}
                          disabled={i === 0}
                          onClick={() => set('pictures', moved(draft.pictures, i, -1))}
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="admin-mini"
                          aria-label={`Move picture ${i + 1} down`}
                          disabled={i === draft.pictures.length - 1}
                          onClick={() => set('pictures', moved(draft.pictures, i, 1))}
                        >
                          ↓
                        </button>
                        <button
                          type="button"
                          className="admin-mini"
                          aria-label={`Remove picture ${i + 1}`}
                          onClick={() =>
                            set(
                              'pictures',
                              draft.pictures.filter((_, k) => k !== i),
                            )
                          }
                        >
                          ×
                        </button>
                      </div>
                    </li>
                  ))}
                </ol>
              )}
              <label className="admin-upload">
                <span className="button button--secondary">{uploading ? 'Uploading…' : 'Upload pictures'}</span>
                <input
                  ref={fileInput}
                  type="file"
                  className="visually-hidden"
                  accept="image/*,video/mp4,video/quicktime"
                  multiple
                  disabled={uploading}
                  aria-label={`Upload pictures for ${name}`}
                  aria-describedby={`${formId}-shape`}
                  onChange={(e) => void uploadFiles(e.target.files)}
                />
              </label>
              <p id={`${formId}-shape`} className="admin-upload__hint">
                {PICTURE_SHAPE_HINT}
              </p>
              {shapeNotes.length > 0 && (
                <div className="admin-upload__notes" role="status">
                  {shapeNotes.map((note) => (
                    <p key={note}>{note}</p>
                  ))}
                </div>
              )}
            </section>

            <section className="admin-item__section" aria-labelledby={`${formId}-description`}>
              <h3 id={`${formId}-description`} className="admin-item__section-title">
                Description
              </h3>
              {draft.description.map((block, i) => (
                <div key={block._key} className="admin-block">
                  <FormField
                    label={`Block ${i + 1} title`}
                    value={block.title}
                    error={form.issueOf(`description.${i}.title`)}
                    placeholder="Fabric & Care"
                    onChange={(e) =>
                      set(
                        'description',
                        draft.description.map((b, k) => (k === i ? { ...b, title: e.target.value } : b)),
                      )
                    }
                  />
                  <TextAreaField
                    label={`Block ${i + 1} text`}
                    className="field__input admin-textarea admin-textarea--short"
                    rows={3}
                    value={block.text}
                    error={form.issueOf(`description.${i}.text`)}
                    onChange={(e) =>
                      set(
                        'description',
                        draft.description.map((b, k) => (k === i ? { ...b, text: e.target.value } : b)),
                      )
                    }
                  />
                  <Button
                    variant="ghost"
                    className="admin-block__remove"
                    onClick={() =>
                      set(
                        'description',
                        draft.description.filter((_, k) => k !== i),
                      )
                    }
                  >
                    Remove block
                  </Button>
                </div>
              ))}
              <Button variant="secondary" onClick={() => set('description', [...draft.description, newBlock()])}>
                Add description block
              </Button>
            </section>

            <section className="admin-item__section" aria-labelledby={`${formId}-availability`}>
              <h3 id={`${formId}-availability`} className="admin-item__section-title">
                Availability
              </h3>
              {draft.available_products.length === 0 ? (
                <p className="admin-panel__empty">No product types yet.</p>
              ) : (
                <ul className="admin-lines">
                  {draft.available_products.map((p) => (
                    <li key={p._key}>
                      <strong>{p.name || p.type}</strong> · {summaryPrice(p.price)} ·{' '}
                      {p.colors.map((c) => (
                        <span key={c._key} className="admin-avail__summary">
                          <span
                            className="admin-swatch admin-swatch--small"
                            style={{ background: c.color_code }}
                            aria-hidden="true"
                          />
                          {c.color_name} (
                          {c.available_sizes
                            .map((s) => (s.sold_out || s.stock.trim() === '0' ? `${s.name} sold out` : s.name))
                            .join(', ')}
                          )
                        </span>
                      ))}
                    </li>
                  ))}
                </ul>
              )}
              <Button
                variant="secondary"
                onClick={() => setAvailabilityOpen(true)}
                aria-label={`Edit availability of ${name}`}
              >
                Edit availability{variants > 0 ? ` (${variants})` : ''}
              </Button>
            </section>
          </div>
        </div>

        <div className="admin-editor__actions admin-item__actions">
          <Button type="submit" disabled={save.pending || uploading}>
            {item ? 'Save' : 'Create'}
          </Button>
          {item && (
            <>
              <Button
                variant="ghost"
                onClick={() => setReviewsOpen(true)}
                aria-label={`Related items and reviews of ${item.title}`}
              >
                Related &amp; reviews
              </Button>
              <a className="button button--ghost" href={`/product/${item.url}`} target="_blank" rel="noreferrer">
                View
              </a>
              <a
                className="button button--ghost"
                href={`/edit/landing/${item.url}`}
                aria-label={`Landing tiles of ${item.title}`}
              >
                Landing tiles
              </a>
              <Button variant="ghost" className="admin-danger" onClick={() => setDeleteOpen(true)}>
                Delete
              </Button>
            </>
          )}
          <PanelStatus message={status} />
        </div>
        <PanelError
          message={
            save.error ??
            form.otherIssue([
              ...SHOWN_FIELDS,
              ...draft.description.flatMap((_, i) => [`description.${i}.title`, `description.${i}.text`]),
            ])
          }
        />
      </form>

      {availabilityOpen && (
        <AvailabilityModal
          title={`Availability`}
          initial={draft.available_products}
          saveLabel={item ? 'Save availability' : 'Apply'}
          onSave={saveAvailability}
          onClose={() => setAvailabilityOpen(false)}
          error={saveProducts.error ?? availabilityCheck.otherIssue([])}
          item={item}
        />
      )}
      {reviewsOpen && item && (
        <ReviewsModal itemId={item._id} itemTitle={item.title} onClose={() => setReviewsOpen(false)} />
      )}
      {deleteOpen && (
        <Modal
          open
          onClose={() => setDeleteOpen(false)}
          title={DELETE_ITEM_TITLE}
          className="admin-modal admin-modal--small"
        >
          <p>{DELETE_ITEM_TEXT}</p>
          <PanelError message={remove.error} />
          <div className="admin-editor__actions admin-modal__actions">
            <Button variant="ghost" onClick={() => setDeleteOpen(false)} disabled={deleting}>
              Cancel
            </Button>
            <Button className="admin-danger-fill" onClick={() => item && void remove.run(item._id)} disabled={deleting}>
              {deleting ? 'Deleting…' : 'Delete'}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
