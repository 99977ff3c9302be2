// Existing Items (spec §2, §4): every item, published or not, as an editable card; the search box
// filters by title (case-insensitive, on the server). 'No Search Results' when nothing matches.
// The server answers EXISTING_ITEMS_LIMIT items at a time; 'Show more items' asks for the next ones.
import { useCallback, useEffect, useState } from 'react';
import type { AdminItem } from '../../../contract/admin-catalog.js';
import type { Category } from '../../../contract/content.js';
import { EXISTING_ITEMS_LIMIT } from '../../../domain/catalog-names.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi, messageOf } from '../admin-api.js';
import { PanelError } from './admin-form.js';
import { ItemForm } from './item-form.js';

export const NO_RESULTS = 'No Search Results';

export default function ExistingItemsPanel() {
  const [items, setItems] = useState<AdminItem[] | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pages, setPages] = useState(0);
  const [more, setMore] = useState(false);

  const load = useCallback(async (term: string) => {
    try {
      const first = await adminApi.existingItems(term);
      setItems(first);
      setPages(1);
      setMore(first.length === EXISTING_ITEMS_LIMIT);
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    }
  }, []);

  const loadMore = async () => {
    try {
      const next = await adminApi.existingItems(search, pages);
      setItems((list) => {
        const seen = new Set(list?.map((i) => i._id));
        return [...(list ?? []), ...next.filter((i) => !seen.has(i._id))];
      });
      setPages((n) => n + 1);
      setMore(next.length === EXISTING_ITEMS_LIMIT);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  useEffect(() => {
    adminApi.getCategories().then(setCategories, () => setCategories([]));
  }, []);

  // Search as the owner types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => void load(search), search ? 250 : 0);
    return () => clearTimeout(timer);
  }, [search, load]);

  return (
    <div className="admin-panel">
      <div className="admin-panel__bar">
        <FormField
          label="Search by title"
          type="search"
          className="admin-search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        {items && (
          <p className="admin-panel__lede">
            {items.length === 1 ? '1 item' : `${items.length}${more ? '+' : ''} items`}
          </p>
        )}
      </div>
      <PanelError message={error} />
      {items === null ? (
        <p className="admin-panel__empty">Loading…</p>
      ) : items.length === 0 ? (
        <p className="admin-panel__empty">{search.trim() ? NO_RESULTS : 'No items yet.'}</p>
      ) : (
        <div className="admin-cards">
          {items.map((item) => (
            <ItemForm
              key={item._id}
              item={item}
              categories={categories}
              onSaved={(saved) => setItems((list) => list?.map((i) => (i._id === saved._id ? saved : i)) ?? null)}
              onDeleted={() => setItems((list) => list?.filter((i) => i._id !== item._id) ?? null)}
            />
          ))}
          {more && (
            <Button variant="secondary" onClick={() => void loadMore()}>
              Show more items
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
