// Create New (spec §2): the item form, empty, with the new-item defaults (position 0, promotion 0).
import { useQuery } from '@tanstack/react-query';
import { adminQueries } from '../queries/admin-queries.js';
import { ItemForm } from './item-form.js';

export default function CreateItemPanel() {
  const categories = useQuery(adminQueries.categories());
  return (
    <div className="admin-panel">
      <ItemForm item={null} categories={categories.data ?? []} />
    </div>
  );
}
