// The route table of spec §2. Storefront pages share the shop's shell; the admin paths render the
// admin gate, whose code is a separate chunk loaded only in the browser.
import type { RouteObject } from 'react-router';
import { AdminLayout, AdminRoute } from './admin/admin-route.js';
import { categoriesQuery } from './api/queries.js';
import type { RouteHandle } from './prefetch.js';
import { CartPage, cartRedirect } from './storefront/pages/cart-page.js';
import { CategoryPage } from './storefront/pages/category-page.js';
import { CollectionsPage } from './storefront/pages/collections-page.js';
import { HomePage } from './storefront/pages/home-page.js';
import { InfoPage } from './storefront/pages/info-page.js';
import { ProductPage } from './storefront/pages/product-page.js';
import { PromoPerformancePage } from './storefront/pages/promo-performance-page.js';
import { ReturnFormPage } from './storefront/pages/return-form-page.js';
import { SizingGuidePage } from './storefront/pages/sizing-guide-page.js';
import { StoryPage } from './storefront/pages/story-page.js';
import { UnsubscribePage } from './storefront/pages/unsubscribe-page.js';
import { StorefrontLayout } from './storefront/shell/storefront-layout.js';

const handle = (h: RouteHandle) => h;

export const routes: RouteObject[] = [
  {
    element: <StorefrontLayout />,
    // The side menu lists the categories on every storefront page.
    handle: handle({ prefetch: ({ api, queryClient }) => queryClient.prefetchQuery(categoriesQuery(api)) }),
    children: [
      { index: true, element: <HomePage /> },
      { path: 'product/:url', element: <ProductPage /> },
      { path: 'collections', element: <CollectionsPage /> },
      { path: 'categories', element: <CategoryPage /> },
      {
        path: 'cart/:step',
        element: <CartPage />,
        handle: handle({ prefetch: ({ params }) => ({ redirect: cartRedirect(params.step) }) }),
      },
      { path: 'unsubscribe/:userId', element: <UnsubscribePage /> },
      { path: 'info/:page', element: <InfoPage /> },
      { path: 'story', element: <StoryPage /> },
      { path: 'sizing-guide', element: <SizingGuidePage /> },
      { path: 'return-form', element: <ReturnFormPage /> },
      { path: 'promo-performance', element: <PromoPerformancePage /> },
      // Spec §2: any other path shows the home page.
      { path: '*', element: <HomePage /> },
    ],
  },
  {
    element: <AdminLayout />,
    children: [
      { path: 'admin', element: <AdminRoute view="tabs" /> },
      { path: 'bulk/admin', element: <AdminRoute view="bulk" /> },
      { path: 'edit/landing/:url', element: <AdminRoute view="landing" /> },
    ],
  },
];
