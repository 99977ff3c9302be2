// Related items of one item (spec §3): 'Complete the look' (completeSet) and 'You may also like'
// (similarItems), each a list of other items picked by title. Saved together with updateItem.
import { useEffect, useId, useState } from 'react';
import type { AdminItem } from '../../../contract/admin-catalog.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi, messageOf } from '../admin-api.js';
import { PanelStatus } from './admin-form.js';

type Ref = { label: string; value: string };
type ListKey = 'completeSet' | 'similarItems';

export const RELATED_LISTS: { key: ListKey; label: string }[] = [
  { key: 'completeSet', label: 'Complete the look' },
  { key: 'similarItems', label: 'Similar items' },
];
const MAX_PER_LIST = 20;
const MAX_MATCHES = 6;

export function RelatedItemsEditor({ item }: { item: AdminItem }) {
  const [lists, setLists] = useState<Record<ListKey, Ref[]>>(() => ({
    completeSet: [...item.related_items.completeSet],
    similarItems: [...item.related_items.similarItems],
  }));
  const [edited, setEdited] = useState(false);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  const change = (key: ListKey, next: Ref[]) => {
    setLists((l) => ({ ...l, [key]: next }));
    setEdited(true);
    setStatus(null);
  };

  const save = async () => {
    setSaving(true);
    try {
      const answer = await adminApi.updateItem(item._id, { related_items: lists });
      setLists({
        completeSet: answer.item.related_items.completeSet,
        similarItems: answer.item.related_items.similarItems,
      });
      setEdited(false);
      setStatus(answer.message);
    } catch (err) {
      window.alert(messageOf(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="admin-related" aria-label="Related items">
      <div className="admin-related__lists">
        {RELATED_LISTS.map(({ key, label }) => (
          <RelatedList
            key={key}
            label={label}
            chosen={lists[key]}
            selfId={item._id}
            onChange={(next) => change(key, next)}
          />
        ))}
      </div>
      <div className="admin-inline">
        <Button disabled={!edited || saving} onClick={() => void save()}>
          Save related items
        </Button>
        <PanelStatus message={status} />
      </div>
    </section>
  );
}

function RelatedList({
  label,
  chosen,
  selfId,
  onChange,
}: {
  label: string;
  chosen: Ref[];
  selfId: string;
  onChange: (next: Ref[]) => void;
}) {
  const [search, setSearch] = useState('');
  // Matches come from the server's title search (Existing Items is capped), newest answer wins.
  const [found, setFound] = useState<{ term: string; items: AdminItem[] } | null>(null);
  const headingId = useId();
  const term = search.trim().toLowerCase();
  useEffect(() => {
    if (!term) return;
    let current = true;
    adminApi.existingItems(term).then(
      (items) => current && setFound({ term, items }),
      () => current && setFound({ term, items: [] }),
    );
    return () => {
      current = false;
    };
  }, [term]);
  const chosenIds = new Set(chosen.map((r) => r.value));
  const matches =
    term && found?.term === term
      ? found.items.filter((i) => i._id !== selfId && !chosenIds.has(i._id)).slice(0, MAX_MATCHES)
      : [];
  const full = chosen.length >= MAX_PER_LIST;
  const titleOf = (ref: Ref) => ref.label;

  return (
    <div className="admin-related__list" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-item__section-title">
        {label}
      </h3>
      {chosen.length === 0 ? (
        <p className="admin-panel__empty">None yet.</p>
      ) : (
        <ol className="admin-related__chosen">
          {chosen.map((ref) => (
            <li key={ref.value} className="admin-related__row">
              <span>{titleOf(ref)}</span>
              <button
                type="button"
                className="admin-mini"
                aria-label={`Remove ${titleOf(ref)} from ${label}`}
                onClick={() => onChange(chosen.filter((r) => r.value !== ref.value))}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
      )}
      <FormField
        label={`Find an item for ${label}`}
        type="search"
        placeholder="Search by title"
        value={search}
        disabled={full}
        hint={full ? `At most ${MAX_PER_LIST} items.` : undefined}
        onChange={(e) => setSearch(e.target.value)}
      />
      {term && (
        <ul className="admin-related__matches">
          {found?.term !== term ? (
            <li className="admin-panel__empty">Searching…</li>
          ) : matches.length === 0 ? (
            <li className="admin-panel__empty">No Search Results</li>
          ) : (
            matches.map((i) => (
              <li key={i._id} className="admin-related__row">
                <span>
                  {i.title}
                  {!i.published && <span className="admin-tag admin-tag--warning">Hidden</span>}
                </span>
                <Button
                  variant="secondary"
                  aria-label={`Add ${i.title} to ${label}`}
                  onClick={() => {
                    onChange([...chosen, { label: i.title, value: i._id }]);
                    setSearch('');
                  }}
                >
                  Add
                </Button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
