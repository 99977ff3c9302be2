// Header: burger (categories menu), wordmark, search (issue 27), bag with its item count. The bag
// hides on /cart pages (spec §2).
import { useLocation } from 'react-router';
import { BagIcon, MenuIcon } from '../../ui/icons.js';
// Search (issue 27).
import { HeaderSearch } from '../search/header-search.js';
import { useShell } from './shell-context.js';
import { useBagCount } from './use-bag-count.js';
import { Wordmark } from './wordmark.js';

export function SiteHeader() {
  const { panel, openMenu, openBag } = useShell();
  const count = useBagCount();
  const onCartPage = useLocation().pathname.startsWith('/cart');
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <div className="site-header__start">
          <button
            type="button"
            className="header-button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={panel === 'menu'}
            aria-controls="side-menu"
            onClick={openMenu}
          >
            <MenuIcon />
            <span className="header-button__text">Menu</span>
          </button>
        </div>
        <Wordmark className="site-header__logo" />
        <div className="site-header__end">
          {/* Search (issue 27). */}
          {!onCartPage && <HeaderSearch />}
          {!onCartPage && (
            <button
              type="button"
              className="header-button"
              aria-label={count > 0 ? `Shopping bag, ${count} ${count === 1 ? 'item' : 'items'}` : 'Shopping bag'}
              aria-haspopup="dialog"
              aria-expanded={panel === 'bag'}
              aria-controls="bag-panel"
              onClick={openBag}
            >
              <span className="header-button__text">Bag</span>
              <span className="bag-icon">
                <BagIcon />
                {count > 0 && (
                  <span className="bag-icon__badge" data-testid="bag-count" aria-hidden="true">
                    {count}
                  </span>
                )}
              </span>
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
