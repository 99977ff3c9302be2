// Categories (spec §2, §5): the list with Delete, and the create form. Create stays disabled while
// the title is blank after removing whitespace; the form shows the key the category will get.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Category } from '../../../contract/content.js';
import { categoryKeyOf, isBlankTitle } from '../../../domain/catalog-names.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi } from '../admin-api.js';
import { adminKeys, adminQueries } from '../queries/admin-queries.js';
import { useFormCheck } from '../queries/form-check.js';
import { QueryState } from '../queries/query-state.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { AdminTable, PanelError } from './admin-form.js';

export const DELETE_CATEGORY_QUESTION = (title: string) =>
  `Delete the category "${title}"? Its items keep existing, without a category.`;

export default function CategoriesPanel() {
  const categories = useQuery(adminQueries.categories());
  const [title, setTitle] = useState('');
  const form = useFormCheck();
  // A refused title (a taken key) answers with the browser's alert, as the catalog journey expects.
  const create = useAdminMutation({
    call: adminApi.createCategory,
    invalidates: [adminKeys.categories],
    onSuccess: () => setTitle(''),
    errorIn: 'browser alert',
  });
  const remove = useAdminMutation({ call: adminApi.deleteCategory, invalidates: [adminKeys.categories] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlankTitle(title)) return;
    if (await form.check('createCategory', { title })) await create.run(title.trim());
  };

  const askRemove = (category: Category) => {
    if (window.confirm(DELETE_CATEGORY_QUESTION(category.title))) void remove.run(category.key);
  };

  const key = categoryKeyOf(title);
  return (
    <div className="admin-panel">
      <form className="admin-card admin-category-form" onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="admin-card__title">New category</h2>
        <div className="admin-category-form__row">
          <FormField
            label="Category title"
            value={title}
            maxLength={60}
            onChange={(e) => {
              setTitle(e.target.value);
              form.clear();
            }}
            error={form.issueOf('title') ?? form.otherIssue(['title'])}
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
          <Button type="submit" disabled={create.pending || isBlankTitle(title)}>
            Create
          </Button>
        </div>
      </form>
      <PanelError message={remove.error} />
      <QueryState query={categories} empty="No categories yet.">
        {(list) => (
          <AdminTable columns={['Title', 'Key', { label: 'Actions', hidden: true }]}>
            {list.map((c) => (
              <tr key={c.key}>
                <th scope="row" className="admin-table__strong">
                  {c.title}
                </th>
                <td>
                  <code>{c.key}</code>
                </td>
                <td className="admin-table__actions">
                  <Button variant="ghost" onClick={() => askRemove(c)} aria-label={`Delete ${c.title}`}>
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryState>
    </div>
  );
}
