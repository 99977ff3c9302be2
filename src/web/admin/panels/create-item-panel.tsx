// Create New (spec §2): the item form, empty, with the new-item defaults (position 0, promotion 0).
import { useEffect, useState } from 'react';
import type { Category } from '../../../contract/content.js';
import { adminApi } from '../admin-api.js';
import { ItemForm } from './item-form.js';

export default function CreateItemPanel() {
  const [categories, setCategories] = useState<Category[]>([]);
  useEffect(() => {
    adminApi.getCategories().then(setCategories, () => setCategories([]));
  }, []);
  return (
    <div className="admin-panel">
      <ItemForm item={null} categories={categories} />
    </div>
  );
}
