// What search engines and link previews read of a product page: title and description, Open Graph
// tags (React 19 hoists them into <head>), and schema.org Product and BreadcrumbList as JSON-LD.
import type { Product } from '../../../contract/catalog.js';
import { PageMeta, useSite, useSiteName } from '../../page-meta.js';
import { JsonLd } from '../catalog/json-ld.js';
import { categoryPath } from '../shell/side-menu.js';
import { isJpg, isVideo, MAIN_BLOCK_KEY, previewOf, typeInStock } from './product-data.js';

/** The owner's meta title may already end with the shop's name, which PageMeta appends. */
const withoutSiteName = (title: string, siteName: string) =>
  title.replace(new RegExp(`\\s*[|—–-]\\s*${siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i'), '').trim();

const absolute = (publicUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : publicUrl + path);

export function ProductSeo({ product }: { product: Product }) {
  const { publicUrl } = useSite();
  const siteName = useSiteName();
  const url = `${publicUrl}/product/${product.url}`;
  const text = product.description.find((block) => block.key === MAIN_BLOCK_KEY)?.text ?? '';
  const description = product.meta_description || text.slice(0, 160);
  const images = product.pictures.filter((picture) => !isVideo(picture)).map((picture) => absolute(publicUrl, picture));
  const first = product.pictures.find((picture) => !isVideo(picture));
  const ogImage = first && absolute(publicUrl, isJpg(first) ? previewOf(first) : first);
  const price = product.available_products[0]?.price;

  const category = product.category_title
    ? { name: product.category_title, item: publicUrl + categoryPath(product.category ?? '') }
    : { name: 'Collections', item: `${publicUrl}/collections` };

  const graph = [
    {
      '@type': 'Product',
      '@id': `${url}#product`,
      name: product.title,
      description: text || description,
      image: images,
      sku: product._id,
      url,
      brand: { '@type': 'Brand', name: siteName },
      ...(product.category_title ? { category: product.category_title } : {}),
      offers: product.available_products.map((type) => ({
        '@type': 'Offer',
        name: type.name,
        price: type.price.toFixed(2),
        priceCurrency: 'USD',
        availability: `https://schema.org/${typeInStock(type) ? 'InStock' : 'OutOfStock'}`,
        itemCondition: 'https://schema.org/NewCondition',
        url,
      })),
      ...(product.rating.count > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: Math.round(product.rating.average * 10) / 10,
              reviewCount: product.rating.count,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
    },
    {
      '@type': 'BreadcrumbList',
      itemListElement: [{ name: 'Home', item: `${publicUrl}/` }, category, { name: product.title, item: url }].map(
        (crumb, i) => ({ '@type': 'ListItem', position: i + 1, ...crumb }),
      ),
    },
  ];

  return (
    <>
      <PageMeta
        title={withoutSiteName(product.meta_title, siteName) || product.title}
        description={description}
        path={`/product/${product.url}`}
      />
      <meta property="og:type" content="product" />
      {ogImage && <meta property="og:image" content={ogImage} />}
      {ogImage && <meta name="twitter:card" content="summary_large_image" />}
      {price !== undefined && <meta property="product:price:amount" content={price.toFixed(2)} />}
      {price !== undefined && <meta property="product:price:currency" content="USD" />}
      <JsonLd data={{ '@context': 'https://schema.org', '@graph': graph }} />
    </>
  );
}
