// The landing-tile editor of one product (/edit/landing/{url}, spec §2 and §5): the tiles in order
// with move up, move down, edit and remove; a plus button picks one of the six layouts and opens
// its form, whose Save needs every field filled; SAVE writes the whole list with editItem.
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { AdminItem } from '../../../contract/admin-catalog.js';
import type { LandingLayout, LandingTile } from '../../../contract/catalog.js';
import { LandingTiles } from '../../storefront/product/landing-tiles.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi, messageOf } from '../admin-api.js';
import { adminKeys, adminQueries } from '../queries/admin-queries.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { EditorActions, PanelError, PanelStatus, TextAreaField } from './admin-form.js';
import { moved } from './item-draft.js';
import { useUnsavedWarning } from './use-unsaved-warning.js';

/** The six layouts and their fields, in the order the picker shows them (spec §2). */
export const LAYOUTS: { layout: LandingLayout; label: string; fields: readonly string[] }[] = [
  { layout: 'picLayout2L', label: 'Two pictures', fields: ['img_1', 'img_2'] },
  { layout: 'textDataLayout1', label: 'Title and text', fields: ['title', 'subtitle'] },
  {
    layout: 'tallWithSmallOverlayText',
    label: 'Tall picture with overlay text',
    fields: ['img_1', 'img_2', 'subtitle'],
  },
  { layout: 'wideHorizontalWithText', label: 'Wide picture with text', fields: ['img_1', 'subtitle'] },
  { layout: 'fullscreenHero', label: 'Full-screen hero', fields: ['img_1', 'subtitle'] },
  { layout: 'columnsLargeRight', label: 'Columns, large right', fields: ['img_1', 'img_2', 'subtitle'] },
];
const FIELD_LABELS: Record<string, string> = {
  img_1: 'Picture 1',
  img_2: 'Picture 2',
  title: 'Title',
  subtitle: 'Subtitle',
};
const layoutOf = (layout: LandingLayout) => LAYOUTS.find((l) => l.layout === layout) ?? LAYOUTS[0]!;

/** Every field of the layout is filled (spec §5). */
export const tileComplete = (layout: LandingLayout, data: Record<string, string>) =>
  layoutOf(layout).fields.every((f) => (data[f] ?? '').trim() !== '');

type Form =
  | { step: 'pick'; index: null }
  | { step: 'fields'; index: number | null; layout: LandingLayout; data: Record<string, string> };

/** A tile's identity while it is edited (a React key): tiles are replaced, never changed in place. */
const tileKeys = new WeakMap<LandingTile, string>();
let lastTileKey = 0;
const tileKey = (tile: LandingTile) => {
  let key = tileKeys.get(tile);
  if (!key) {
    key = `tile-${++lastTileKey}`;
    tileKeys.set(tile, key);
  }
  return key;
};

export function LandingEditorPage({ url }: { url: string }) {
  const loaded = useQuery(adminQueries.itemByUrl(url));
  if (loaded.isPending) return <p className="admin-panel__empty">Loading…</p>;
  // Keyed by the item: its tiles are loaded into the editor once, then edited there.
  const item = loaded.data?.item ?? null;
  return (
    <LandingEditor
      key={item?._id ?? 'none'}
      url={url}
      item={item}
      loadError={loaded.error ? messageOf(loaded.error) : null}
    />
  );
}

function LandingEditor({ url, item, loadError }: { url: string; item: AdminItem | null; loadError: string | null }) {
  const [tiles, setTiles] = useState<LandingTile[]>(() =>
    item ? item.landing.map((t) => ({ layout: t.layout, data: { ...t.data } })) : [],
  );
  const [form, setForm] = useState<Form | null>(null);
  const [edited, setEdited] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  useUnsavedWarning(edited || form?.step === 'fields');

  const change = (next: LandingTile[]) => {
    setTiles(next);
    setEdited(true);
    setStatus(null);
  };

  const save = useAdminMutation({
    call: (next: LandingTile[]) => adminApi.editLanding(item?._id ?? '', next),
    invalidates: [adminKeys.items],
    onSuccess: (answer) => {
      setTiles(answer.landing);
      setEdited(false);
      setStatus('Saved');
    },
  });

  const applyTile = (tile: LandingTile, index: number | null) => {
    change(index === null ? [...tiles, tile] : tiles.map((t, i) => (i === index ? tile : t)));
    setForm(null);
  };

  return (
    <div className="admin-panel admin-landing">
      <div className="admin-landing__head">
        <div>
          <h1 className="admin-page__title">Landing page tiles</h1>
          <p className="admin-page__meta">{item ? item.title : `No item at /product/${url}`}</p>
        </div>
        {item && (
          <a className="button button--ghost" href={`/product/${item.url}`} target="_blank" rel="noreferrer">
            View product page
          </a>
        )}
      </div>
      <PanelError message={save.error ?? loadError} />
      {item && (
        <>
          {tiles.length === 0 ? (
            <p className="admin-panel__empty">No tiles yet. Add one with the plus button.</p>
          ) : (
            <ol className="admin-landing__tiles" aria-label="Tiles">
              {tiles.map((tile, i) => (
                <li
                  key={tileKey(tile)}
                  className="admin-landing__tile"
                  aria-label={`Tile ${i + 1}: ${layoutOf(tile.layout).label}`}
                >
                  <div className="admin-landing__tile-text">
                    <span className="admin-landing__tile-name">
                      {i + 1}. {layoutOf(tile.layout).label}
                    </span>
                    <code className="admin-avail__link">{tile.layout}</code>
                    <span className="admin-landing__tile-data">
                      {layoutOf(tile.layout)
                        .fields.map((f) => tile.data[f])
                        .join(' · ')}
                    </span>
                  </div>
                  <div className="admin-pictures__actions">
                    <button
                      type="button"
                      className="admin-mini"
                      aria-label={`Move tile ${i + 1} up`}
                      disabled={i === 0}
                      onClick={() => change(moved(tiles, i, -1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="admin-mini"
                      aria-label={`Move tile ${i + 1} down`}
                      disabled={i === tiles.length - 1}
                      onClick={() => change(moved(tiles, i, 1))}
                    >
                      ↓
                    </button>
                    <Button
                      variant="ghost"
                      aria-label={`Edit tile ${i + 1}`}
                      onClick={() => setForm({ step: 'fields', index: i, layout: tile.layout, data: { ...tile.data } })}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      className="admin-danger"
                      aria-label={`Remove tile ${i + 1}`}
                      onClick={() => change(tiles.filter((_, k) => k !== i))}
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )}

          {form === null ? (
            <button
              type="button"
              className="admin-landing__add"
              aria-label="Add tile"
              onClick={() => setForm({ step: 'pick', index: null })}
            >
              <span aria-hidden="true">+</span>
            </button>
          ) : form.step === 'pick' ? (
            <LayoutPicker
              onPick={(layout) => setForm({ step: 'fields', index: null, layout, data: {} })}
              onCancel={() => setForm(null)}
            />
          ) : (
            <TileForm
              key={`${form.index ?? 'new'}-${form.layout}`}
              form={form}
              onSave={(tile) => applyTile(tile, form.index)}
              onCancel={() => setForm(null)}
            />
          )}

          <div className="admin-editor__actions admin-landing__save">
            <Button disabled={!edited || save.pending || form !== null} onClick={() => item && void save.run(tiles)}>
              SAVE
            </Button>
            {edited && <span className="admin-tag admin-tag--warning">Unsaved changes</span>}
            <PanelStatus message={status} />
          </div>

          {tiles.length > 0 && (
            <section className="admin-landing__preview" aria-label="Preview">
              <p className="admin-editor__preview-label">Preview</p>
              <LandingTiles tiles={tiles} alt={item.title} />
            </section>
          )}
        </>
      )}
    </div>
  );
}

function LayoutPicker({ onPick, onCancel }: { onPick: (layout: LandingLayout) => void; onCancel: () => void }) {
  const headingId = useId();
  return (
    <section className="admin-card admin-landing__picker" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-card__title">
        Choose a layout
      </h2>
      <ul className="admin-landing__layouts">
        {LAYOUTS.map((l) => (
          <li key={l.layout}>
            <button type="button" className="admin-landing__layout" onClick={() => onPick(l.layout)}>
              <span className={`admin-landing__sketch admin-landing__sketch--${l.layout}`} aria-hidden="true">
                {l.fields.map((f) => (
                  <span
                    key={f}
                    className={f.startsWith('img_') ? 'admin-landing__sketch-img' : 'admin-landing__sketch-text'}
                  />
                ))}
              </span>
              <span className="admin-landing__layout-name">{l.label}</span>
              <code className="admin-avail__link">{l.layout}</code>
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </section>
  );
}

function TileForm({
  form,
  onSave,
  onCancel,
}: {
  form: { index: number | null; layout: LandingLayout; data: Record<string, string> };
  onSave: (tile: LandingTile) => void;
  onCancel: () => void;
}) {
  const [data, setData] = useState<Record<string, string>>(form.data);
  const files = useRef(new Map<string, HTMLInputElement>());
  const { label, fields } = layoutOf(form.layout);
  const complete = tileComplete(form.layout, data);

  // Spec §8: a failed upload is told with the browser's alert.
  const upload = useAdminMutation({
    call: ({ file }: { field: string; file: File }) => adminApi.uploadPicture(file),
    onSuccess: (path, { field }) => setData((d) => ({ ...d, [field]: path })),
    errorIn: 'browser alert',
  });
  const [uploadingField, setUploadingField] = useState<string | null>(null);
  const uploading = upload.pending ? uploadingField : null;
  const uploadTo = async (field: string, file: File | undefined) => {
    if (!file) return;
    setUploadingField(field);
    await upload.run({ field, file });
    const input = files.current.get(field);
    if (input) input.value = '';
  };

  return (
    <form
      className="admin-card admin-landing__form"
      aria-label="Tile form"
      onSubmit={(e) => {
        e.preventDefault();
        if (complete)
          onSave({ layout: form.layout, data: Object.fromEntries(fields.map((f) => [f, (data[f] ?? '').trim()])) });
      }}
    >
      <h2 className="admin-card__title">
        {form.index === null ? 'New tile' : `Tile ${form.index + 1}`}: {label}
      </h2>
      {fields.map((field) =>
        field.startsWith('img_') ? (
          <div key={field} className="admin-landing__picture">
            <FormField
              label={FIELD_LABELS[field] ?? field}
              value={data[field] ?? ''}
              placeholder="/uploads/… or https://…"
              onChange={(e) => setData((d) => ({ ...d, [field]: e.target.value }))}
            />
            <label className="admin-upload">
              <span className="button button--secondary">{uploading === field ? 'Uploading…' : 'Upload'}</span>
              <input
                ref={(node) => {
                  if (node) files.current.set(field, node);
                }}
                type="file"
                className="visually-hidden"
                accept="image/*"
                disabled={uploading !== null}
                aria-label={`Upload ${FIELD_LABELS[field] ?? field}`}
                onChange={(e) => void uploadTo(field, e.target.files?.[0])}
              />
            </label>
          </div>
        ) : field === 'subtitle' ? (
          <TextAreaField
            key={field}
            label={FIELD_LABELS[field] ?? field}
            className="field__input admin-textarea admin-textarea--short"
            rows={3}
            value={data[field] ?? ''}
            onChange={(e) => setData((d) => ({ ...d, [field]: e.target.value }))}
          />
        ) : (
          <FormField
            key={field}
            label={FIELD_LABELS[field] ?? field}
            value={data[field] ?? ''}
            onChange={(e) => setData((d) => ({ ...d, [field]: e.target.value }))}
          />
        ),
      )}
      {!complete && <p className="admin-table__note">Fill in every field to save the tile.</p>}
      <EditorActions className="admin-inline" disabled={!complete || uploading !== null} onCancel={onCancel} />
    </form>
  );
}
