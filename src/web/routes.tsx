// The route table of spec §2. Storefront pages share the shop's shell; the admin paths render the
// admin gate, whose code is a separate chunk loaded only in the browser.
import type { RouteObject } from 'react-router';
import { pageCount, pageFromSearch } from '../domain/storefront-paging.js';
// Search (issue 27).
import { SEARCH_PAGE_SIZE, searchPath } from '../domain/search.js';
import { queryFromSearch } from './storefront/search/search-query.js';
import { AdminLayout, AdminLinkRoute, AdminRoute } from './admin/admin-route.js';
import {
  menuCategoriesQuery,
  footerLinksQuery,
  shopInfoQuery,
  homeQuery,
  infoQuery,
  productQuery,
  promotionalItemsQuery,
  searchQuery,
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
import { categoryPath } from './storefront/shell/side-menu.js';
import { prefetchList } from './storefront/filters/list-prefetch.js';
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
// Issue 27 (order status).
const OrderStatusPage = lazyPage(() => import('./storefront/order-status/order-status-page.js'), lookupFallback);
// Pages reached from an email or the footer's one link (issue 27 moved them out of the first load
// to keep it within its budget).
const StoryPage = lazyPage(
  () => import('./storefront/pages/story-page.js').then((m) => ({ default: m.StoryPage })),
  lookupFallback,
);
const UnsubscribePage = lazyPage(
  () => import('./storefront/pages/unsubscribe-page.js').then((m) => ({ default: m.UnsubscribePage })),
  lookupFallback,
);
// Issue 28 (abandoned checkouts): the pages of a checkout reminder's links, in one chunk.
const RestoreBagPage = lazyPage(() => import('./storefront/bag-link/bag-link-pages.js'), lookupFallback);
const StopRemindersPage = lazyPage(
  () => import('./storefront/bag-link/bag-link-pages.js').then((m) => ({ default: m.StopRemindersPage })),
  lookupFallback,
);
// Search (issue 27): results in a chunk of their own; the header's field is in the first load.
const SearchPage = lazyPage(() => import('./storefront/search/search-page.js'), lookupFallback);

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
        // Issue 27: with the filters and sort of the address.
        handle: handle({
          prefetch: async (ctx) => {
            const { redirect } = await prefetchList(ctx, undefined, COLLECTIONS_PATH);
            return redirect ? { redirect } : undefined;
          },
        }),
      },
      {
        path: 'categories',
        element: <CategoryPage />,
        // Spec §2: a category without items sends the shopper to /collections.
        handle: handle({
          prefetch: async (ctx) => {
            const key = ctx.searchParams.get('category') ?? '';
            if (!key) return { redirect: COLLECTIONS_PATH };
            // An empty category redirects; a filter that leaves nothing shows 'No pieces match' (issue 27).
            const { redirect, total } = await prefetchList(ctx, key, categoryPath(key));
            if (total === 0) return { redirect: COLLECTIONS_PATH };
            return redirect ? { redirect } : undefined;
          },
        }),
      },
      // Search (issue 27): a page past the end goes back to the first page of the same query.
      {
        path: 'search',
        element: <SearchPage />,
        handle: handle({
          prefetch: async ({ api, queryClient, searchParams }) => {
            const q = queryFromSearch(searchParams.get('q'));
            const page = pageFromSearch(searchParams.get('page'));
            const [results] = await Promise.all([
              q ? queryClient.fetchQuery(searchQuery(api, q, page)) : undefined,
              SearchPage.preload(),
            ]);
            if (results && page > 1 && page > pageCount(results.total, SEARCH_PAGE_SIZE))
              return { redirect: searchPath(q) };
            return undefined;
          },
        }),
      },
      {
        path: 'cart/:step',
        element: <CartPage />,
        handle: handle({ prefetch: ({ params }) => ({ redirect: cartRedirect(params.step) }) }),
      },
      {
        path: 'unsubscribe/:userId',
        element: <UnsubscribePage />,
        handle: handle({ prefetch: () => UnsubscribePage.preload() }),
      },
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
              StoryPage.preload(),
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
      // Issue 27 (order status).
      {
        path: 'order-status',
        element: <OrderStatusPage />,
        handle: handle({ prefetch: () => OrderStatusPage.preload() }),
      },
      {
        path: 'promo-performance',
        element: <PromoPerformancePage />,
        handle: handle({ prefetch: () => PromoPerformancePage.preload() }),
      },
      { path: 'review', element: <ReviewPage />, handle: handle({ prefetch: () => ReviewPage.preload() }) },
      // Issue 28 (abandoned checkouts).
      {
        path: 'restore-bag',
        element: <RestoreBagPage />,
        handle: handle({ prefetch: () => RestoreBagPage.preload() }),
      },
      {
        path: 'stop-reminders',
        element: <StopRemindersPage />,
        handle: handle({ prefetch: () => StopRemindersPage.preload() }),
      },
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
