// The Home editor's controls: a picture (upload or address, with its thumbnail), a product chosen
// from the catalog, and the move up / move down / remove buttons of a list entry.
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { previewOf } from '../../../../domain/pictures.js';
import { Button } from '../../../ui/button.js';
import { FormField } from '../../../ui/form-field.js';
import { adminApi } from '../../admin-api.js';
import { adminQueries } from '../../queries/admin-queries.js';
import { useAdminMutation } from '../../queries/use-admin-mutation.js';
import { SelectField } from '../admin-form.js';

const thumbOf = (picture: string) =>
  /\.jpg$/i.test(picture) && !/^https?:/i.test(picture) ? previewOf(picture) : picture;

/** A picture field: the path an upload answers (or an https address typed in), its Upload button and thumbnail. */
export function PictureField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // Spec §8: a failed upload is told with the browser's alert (as the item form and landing editor do).
  const upload = useAdminMutation({
    call: (file: File) => adminApi.uploadPicture(file),
    onSuccess: (path) => onChange(path),
    errorIn: 'browser alert',
  });
  const uploadFile = async (file: File | undefined) => {
    if (!file) return;
    await upload.run(file);
    if (input.current) input.current.value = '';
  };
  return (
    <div className="home-editor__picture">
      <span className="home-editor__thumb" aria-hidden="true">
        {value && !/\.(mp4|webm|mov)$/i.test(value) ? <img src={thumbOf(value)} alt="" loading="lazy" /> : null}
      </span>
      <div className="home-editor__picture-fields">
        <FormField
          label={label}
          value={value}
          error={error}
          placeholder="/uploads/… or https://…"
          onChange={(e) => onChange(e.target.value)}
        />
        <label className="admin-upload">
          <span className="button button--secondary">{upload.pending ? 'Uploading…' : 'Upload'}</span>
          <input
            ref={input}
            type="file"
            className="visually-hidden"
            accept="image/*"
            disabled={upload.pending}
            aria-label={`Upload ${label.toLowerCase()}`}
            onChange={(e) => void uploadFile(e.target.files?.[0])}
          />
        </label>
      </div>
    </div>
  );
}

/** A product of the catalog, found by title: answers its url (and title, for the captions that show it). */
export function ProductPicker({
  label,
  url,
  error,
  onChange,
}: {
  label: string;
  url: string;
  error?: string | undefined;
  onChange: (product: { url: string; title: string }) => void;
}) {
  const [term, setTerm] = useState('');
  const found = useQuery(adminQueries.itemSearch(term.trim()));
  const items = found.data ?? [];
  const known = items.some((i) => i.url === url);
  return (
    <div className="home-editor__product">
      <FormField
        label={`Find ${label.toLowerCase()}`}
        type="search"
        value={term}
        placeholder="Title"
        onChange={(e) => setTerm(e.target.value)}
      />
      <SelectField
        label={label}
        value={url}
        error={error}
        onChange={(e) => {
          const item = items.find((i) => i.url === e.target.value);
          onChange({ url: e.target.value, title: item?.title ?? '' });
        }}
      >
        <option value="">{found.isPending ? 'Loading…' : 'Choose a product'}</option>
        {url && !known && <option value={url}>{url}</option>}
        {items.map((item) => (
          <option key={item._id} value={item.url}>
            {item.title}
            {item.published ? '' : ' (not published)'}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** Move up, move down and remove for entry `index` of a list of `count`, named for screen readers. */
export function EntryActions({
  name,
  index,
  count,
  onMove,
  onRemove,
  removable = true,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  removable?: boolean;
}) {
  return (
    <div className="home-editor__entry-actions">
      <button
        type="button"
        className="admin-mini"
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="admin-mini"
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
      <Button
        variant="ghost"
        className="admin-danger"
        aria-label={`Remove ${name}`}
        disabled={!removable}
        onClick={onRemove}
      >
        Remove
      </Button>
    </div>
  );
}

/** The list with entry `index` moved by one place. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const next = [...list];
  const target = index + by;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
