// Related items of one item (spec §3): 'Complete the look' (completeSet) and 'You may also like'
// (similarItems), each a list of other items picked by title. Saved together with updateItem.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminItem } from '../../../contract/admin-catalog.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi } from '../admin-api.js';
import { adminKeys, adminQueries } from '../queries/admin-queries.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { PanelError, PanelStatus } from './admin-form.js';

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
  const [status, setStatus] = useState<string | null>(null);

  const change = (key: ListKey, next: Ref[]) => {
    setLists((l) => ({ ...l, [key]: next }));
    setEdited(true);
    setStatus(null);
  };

  const save = useAdminMutation({
    call: (related: Record<ListKey, Ref[]>) => adminApi.updateItem(item._id, { related_items: related }),
    invalidates: [adminKeys.items],
    onSuccess: (answer) => {
      setLists({
        completeSet: answer.item.related_items.completeSet,
        similarItems: answer.item.related_items.similarItems,
      });
      setEdited(false);
      setStatus(answer.message);
    },
  });

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
        <Button disabled={!edited || save.pending} onClick={() => void save.run(lists)}>
          Save related items
        </Button>
        <PanelStatus message={status} />
      </div>
      <PanelError message={save.error} />
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
  const headingId = useId();
  const term = search.trim().toLowerCase();
  // Matches come from the server's title search (Existing Items is capped); a failed search finds nothing.
  const found = useQuery({ ...adminQueries.itemSearch(term), enabled: term !== '' });
  const searching = found.isPending && !found.isError;
  const chosenIds = new Set(chosen.map((r) => r.value));
  const matches = (found.data ?? []).filter((i) => i._id !== selfId && !chosenIds.has(i._id)).slice(0, MAX_MATCHES);
  const full = chosen.length >= MAX_PER_LIST;
  const titleOf = (ref: Ref) => ref.label;

  return (
    <fieldset className="admin-group admin-related__list" aria-labelledby={headingId}>
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
          {searching ? (
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
    </fieldset>
  );
}
