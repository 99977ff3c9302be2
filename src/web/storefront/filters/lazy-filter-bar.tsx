// The filter bar's code is its own chunk (issue 27: the first load's JavaScript budget). The server
// renders it in full (the list's prefetch preloads it); the browser keeps that HTML until the chunk
// is in. Its look is in the first CSS, so the server's HTML is styled.
import { lazyPage } from '../../lazy-page.js';
import './filters.css';

export const FilterBar = lazyPage(
  () => import('./filter-bar.js'),
  <div className="filters filters--loading" aria-hidden="true" />,
);
