// Existing Items (spec §2, §4): every item, published or not, as an editable card; the search box
// filters by title (case-insensitive, on the server). 'No Search Results' when nothing matches.
// The server answers EXISTING_ITEMS_LIMIT items at a time; 'Show more items' asks for the next ones.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminItem } from '../../../contract/admin-catalog.js';
import { adminQueries } from '../queries/admin-queries.js';
import { NextPageButton, QueryState } from '../queries/query-state.js';
import { TitleSearchField } from './admin-form.js';
import { ItemForm } from './item-form.js';

export const NO_RESULTS = 'No Search Results';

/** Pages of a list, each item once (an item saved between two pages may move into the next one). */
const distinct = (pages: AdminItem[][]) => {
  const seen = new Set<string>();
  return pages.flat().filter((item) => !seen.has(item._id) && Boolean(seen.add(item._id)));
};

/** `value`, once it has stayed the same for `delay(value)` ms. */
function useSettled(value: string, delay: (value: string) => number) {
  const [settled, setSettled] = useState(value);
  const wait = delay(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait);
    return () => clearTimeout(timer);
  }, [value, wait]);
  return settled;
}

export default function ExistingItemsPanel() {
  const [search, setSearch] = useState('');
  // Search as the owner types, a moment after the last key.
  const term = useSettled(search, (typed) => (typed ? 250 : 0));
  const items = useInfiniteQuery({
    ...adminQueries.existingItems(term),
    placeholderData: keepPreviousData,
    select: (data) => distinct(data.pages),
  });
  const categories = useQuery(adminQueries.categories());
  const more = items.hasNextPage;

  return (
    <div className="admin-panel">
      <div className="admin-panel__bar">
        <TitleSearchField value={search} onChange={setSearch} />
        {items.data && (
          <p className="admin-panel__lede">
            {items.data.length === 1 ? '1 item' : `${items.data.length}${more ? '+' : ''} items`}
          </p>
        )}
      </div>
      <QueryState query={items} empty={search.trim() ? NO_RESULTS : 'No items yet.'}>
        {(list) => (
          <div className="admin-cards">
            {list.map((item) => (
              <ItemForm key={item._id} item={item} categories={categories.data ?? []} />
            ))}
            <NextPageButton query={items}>Show more items</NextPageButton>
          </div>
        )}
      </QueryState>
    </div>
  );
}
