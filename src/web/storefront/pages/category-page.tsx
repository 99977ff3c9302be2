// /categories/?category={key}: the category's title and items (spec §2); the catalog feature adds the items.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useShopApi } from '../../api/api-context.js';
import { categoriesQuery } from '../../api/queries.js';
import { categoryPath } from '../shell/side-menu.js';
import { SimplePage } from './simple-page.js';

export function CategoryPage() {
  const api = useShopApi();
  const [searchParams] = useSearchParams();
  const key = searchParams.get('category') ?? '';
  const { data: categories = [] } = useQuery(categoriesQuery(api));
  const category = categories.find((c) => c.key === key);
  return (
    <SimplePage
      eyebrow="Collections"
      title={category?.title ?? 'Collections'}
      canonicalPath={category ? categoryPath(category.key) : '/collections'}
    />
  );
}
