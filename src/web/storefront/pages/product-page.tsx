// /product/{url} (spec §2, §4): a placeholder while the product loads on a client-side navigation,
// the product once loaded, and a real not-found view when it is gone (the server answers 404).
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useShopApi } from '../../api/api-context.js';
import { productQuery } from '../../api/queries.js';
import { ProductMissing, ProductSkeleton } from '../product/product-states.js';
import { ProductView } from '../product/product-view.js';

export function ProductPage() {
  const { url = '' } = useParams();
  const api = useShopApi();
  const { data: product, isError, refetch } = useQuery(productQuery(api, url));
  // A new product starts with fresh choices.
  if (product) return <ProductView key={product.url} product={product} />;
  if (product === null) return <ProductMissing />;
  if (isError) return <ProductMissing failed onRetry={() => void refetch()} />;
  return <ProductSkeleton />;
}
