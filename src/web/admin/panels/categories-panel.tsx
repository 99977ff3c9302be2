// Categories (spec §2, §5): the list with Delete, and the create form. Create stays disabled while
// the title is blank after removing whitespace; the form shows the key the category will get.
import { useState, type FormEvent } from 'react';
import type { Category } from '../../../contract/content.js';
import { categoryKeyOf, isBlankTitle } from '../../../domain/catalog-names.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi, messageOf } from '../admin-api.js';
import { useAdminList } from './use-admin-list.js';
import { AdminTable, PanelError } from './admin-form.js';

export const DELETE_CATEGORY_QUESTION = (title: string) =>
  `Delete the category "${title}"? Its items keep existing, without a category.`;

export default function CategoriesPanel() {
  const { list: categories, error, reload } = useAdminList(adminApi.getCategories);
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlankTitle(title)) return;
    setBusy(true);
    try {
      await adminApi.createCategory(title.trim());
      setTitle('');
      await reload();
    } catch (err) {
      window.alert(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (category: Category) => {
    if (!window.confirm(DELETE_CATEGORY_QUESTION(category.title))) return;
    try {
      await adminApi.deleteCategory(category.key);
      await reload();
    } catch (err) {
      window.alert(messageOf(err));
    }
  };

  const key = categoryKeyOf(title);
  return (
    <div className="admin-panel">
      <form className="admin-card admin-category-form" onSubmit={(e) => void create(e)} noValidate>
        <h2 className="admin-card__title">New category</h2>
        <div className="admin-category-form__row">
          <FormField
            label="Category title"
            value={title}
            maxLength={60}
            onChange={(e) => setTitle(e.target.value)}
            hint={
              key ? (
                <>
                  Key: <code>{key}</code>
                </>
              ) : (
                'The key is the title without spaces, lowercased.'
              )
            }
          />
          <Button type="submit" disabled={busy || isBlankTitle(title)}>
            Create
          </Button>
        </div>
      </form>
      <PanelError message={error} />
      {categories === null ? (
        <p className="admin-panel__empty">Loading…</p>
      ) : categories.length === 0 ? (
        <p className="admin-panel__empty">No categories yet.</p>
      ) : (
        <AdminTable columns={['Title', 'Key', <span className="visually-hidden">Actions</span>]}>
          {categories.map((c) => (
            <tr key={c.key}>
              <th scope="row" className="admin-table__strong">
                {c.title}
              </th>
              <td>
                <code>{c.key}</code>
              </td>
              <td className="admin-table__actions">
                <Button variant="ghost" onClick={() => void remove(c)} aria-label={`Delete ${c.title}`}>
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
