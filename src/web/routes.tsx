// The route table of spec §2. Storefront pages share the shop's shell; the admin paths render the
// admin gate, whose code is a separate chunk loaded only in the browser.
import type { RouteObject } from 'react-router';
import { pageFromSearch } from '../domain/storefront-paging.js';
import { AdminLayout, AdminLinkRoute, AdminRoute } from './admin/admin-route.js';
import {
  menuCategoriesQuery,
  footerLinksQuery,
  itemsPageQuery,
  shopInfoQuery,
  homeQuery,
  infoQuery,
  productQuery,
  promotionalItemsQuery,
} from './api/queries.js';
import { lazyPage } from './lazy-page.js';
import type { RouteHandle } from './prefetch.js';
import { CartPage, cartRedirect } from './storefront/pages/cart-page.js';
import { CategoryPage } from './storefront/pages/category-page.js';
import { COLLECTIONS_PATH, CollectionsPage } from './storefront/pages/collections-page.js';
import { HomePage } from './storefront/pages/home-page.js';
import { InfoPage } from './storefront/pages/info-page.js';
import { ProductPage } from './storefront/pages/product-page.js';
import { SizingGuidePage } from './storefront/pages/sizing-guide-page.js';
import { StoryPage } from './storefront/pages/story-page.js';
import { UnsubscribePage } from './storefront/pages/unsubscribe-page.js';
import { categoryPath } from './storefront/shell/side-menu.js';
import { StorefrontLayout } from './storefront/shell/storefront-layout.js';
// The look of the lazily loaded lookup pages below, in the first CSS so their server HTML is styled.
import './storefront/pages/lookup-form.css';

const handle = (h: RouteHandle) => h;

// Pages few visitors open (spec §2 return page, campaign performance): their own chunks.
const lookupFallback = (
  <div className="content-page" aria-busy="true">
    <div className="lookup-loading" />
  </div>
);
const ReturnFormPage = lazyPage(() => import('./storefront/returns/return-form-page.js'), lookupFallback);
const GiftCardPage = lazyPage(() => import('./storefront/gift-card/gift-card-page.js'), lookupFallback);
const PromoPerformancePage = lazyPage(() => import('./storefront/promoter/promo-performance-page.js'), lookupFallback);
// Issue 27 #6: the page of a tracking email's 'Write a review' link.
const ReviewPage = lazyPage(() => import('./storefront/review/review-page.js'), lookupFallback);

const homePrefetch = handle({
  prefetch: async ({ api, queryClient }) => {
    await Promise.all([
      queryClient.prefetchQuery(homeQuery(api)),
      queryClient.prefetchQuery(promotionalItemsQuery(api)),
    ]);
  },
});

export const routes: RouteObject[] = [
  {
    element: <StorefrontLayout />,
    // The side menu lists the categories on every storefront page; the shell shows the shop's name,
    // support address and social links (issue 26).
    handle: handle({
      prefetch: async ({ api, queryClient }) => {
        await Promise.all([
          queryClient.prefetchQuery(menuCategoriesQuery(api)),
          queryClient.prefetchQuery(shopInfoQuery(api)),
          queryClient.prefetchQuery(footerLinksQuery(api)),
          // The announcement bar's messages are the owner's (the Home tab): in the server's HTML on every page.
          queryClient.prefetchQuery(homeQuery(api)),
        ]);
      },
    }),
    children: [
      { index: true, element: <HomePage />, handle: homePrefetch },
      {
        path: 'product/:url',
        element: <ProductPage />,
        handle: handle({
          prefetch: async ({ api, queryClient, params }) => {
            const product = await queryClient.fetchQuery(productQuery(api, params.url ?? ''));
            return product ? undefined : { status: 404 };
          },
        }),
      },
      {
        path: 'collections',
        element: <CollectionsPage />,
        // A page past the end (the catalog shrank since the link was made) goes back to the first.
        handle: handle({
          prefetch: async ({ api, queryClient, searchParams }) => {
            const page = pageFromSearch(searchParams.get('page'));
            const list = await queryClient.fetchQuery(itemsPageQuery(api, undefined, page));
            return page > list.pages ? { redirect: COLLECTIONS_PATH } : undefined;
          },
        }),
      },
      {
        path: 'categories',
        element: <CategoryPage />,
        // Spec §2: a category without items sends the shopper to /collections.
        handle: handle({
          prefetch: async ({ api, queryClient, searchParams }) => {
            const key = searchParams.get('category') ?? '';
            if (!key) return { redirect: COLLECTIONS_PATH };
            const page = pageFromSearch(searchParams.get('page'));
            const list = await queryClient.fetchQuery(itemsPageQuery(api, key, page));
            if (list.total === 0) return { redirect: COLLECTIONS_PATH };
            return page > list.pages ? { redirect: categoryPath(key) } : undefined;
          },
        }),
      },
      {
        path: 'cart/:step',
        element: <CartPage />,
        handle: handle({ prefetch: ({ params }) => ({ redirect: cartRedirect(params.step) }) }),
      },
      { path: 'unsubscribe/:userId', element: <UnsubscribePage /> },
      {
        path: 'info/:page',
        element: <InfoPage />,
        handle: handle({
          prefetch: async ({ api, queryClient, params }) => {
            const page = await queryClient.fetchQuery(infoQuery(api, params.page ?? ''));
            return page ? undefined : { status: 404 };
          },
        }),
      },
      {
        path: 'story',
        element: <StoryPage />,
        handle: handle({
          prefetch: async ({ api, queryClient }) => {
            await Promise.all([
              queryClient.prefetchQuery(infoQuery(api, 'story')),
              queryClient.prefetchQuery(homeQuery(api)),
            ]);
          },
        }),
      },
      { path: 'sizing-guide', element: <SizingGuidePage /> },
      { path: 'gift-card', element: <GiftCardPage />, handle: handle({ prefetch: () => GiftCardPage.preload() }) },
      {
        path: 'return-form',
        element: <ReturnFormPage />,
        handle: handle({ prefetch: () => ReturnFormPage.preload() }),
      },
      {
        path: 'promo-performance',
        element: <PromoPerformancePage />,
        handle: handle({ prefetch: () => PromoPerformancePage.preload() }),
      },
      { path: 'review', element: <ReviewPage />, handle: handle({ prefetch: () => ReviewPage.preload() }) },
      // Spec §2: any other path shows the home page; crawlers still get a 404 for it.
      {
        path: '*',
        element: <HomePage />,
        handle: handle({
          prefetch: async (ctx) => {
            await homePrefetch.prefetch!(ctx);
            return { status: 404 };
          },
        }),
      },
    ],
  },
  {
    element: <AdminLayout />,
    // The page title names the shop.
    handle: handle({ prefetch: ({ api, queryClient }) => queryClient.prefetchQuery(shopInfoQuery(api)) }),
    children: [
      { path: 'admin', element: <AdminRoute view="tabs" /> },
      // Issue 26: the one-time links of an invitation and of a password reset.
      { path: 'admin/invite/:token', element: <AdminLinkRoute kind="invite" /> },
      { path: 'admin/reset/:token', element: <AdminLinkRoute kind="reset" /> },
      { path: 'bulk/admin', element: <AdminRoute view="bulk" /> },
      { path: 'edit/landing/:url', element: <AdminRoute view="landing" /> },
    ],
  },
];
