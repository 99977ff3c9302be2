// The storefront's frame: announcement bar, header, page, footer, and the two side panels.
import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { PromoHost } from '../marketing/promo-host.js';
import { AnnouncementBar } from './announcement-bar.js';
import { BagPanel } from './bag-panel.js';
import { ShellContext, type Shell, type ShellPanel } from './shell-context.js';
import { SideMenu } from './side-menu.js';
import { SiteFooter } from './site-footer.js';
import { SiteHeader } from './site-header.js';
import './shell.css';

export function StorefrontLayout() {
  const [panel, setPanel] = useState<ShellPanel>(null);
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();

  // Any navigation (link in a panel, back button) closes the panels. Done while rendering, not in an
  // effect: an effect also runs after hydration and would close a panel a shopper opened by tapping
  // before hydration finished (React replays that tap first).
  const location = pathname + search;
  const [panelLocation, setPanelLocation] = useState(location);
  if (panelLocation !== location) {
    setPanelLocation(location);
    setPanel(null);
  }

  // A new page starts at its top; back and forward (POP, also the first load) keep the browser's position.
  // A link to another page of the same list (?page=2) is a new page too.
  const scrollKey = navigationType === 'PUSH' ? location : pathname;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrollKey is the trigger (a new page), not a value read
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo({ top: 0, behavior: 'instant' });
  }, [scrollKey, navigationType]);

  const shell = useMemo<Shell>(
    () => ({
      panel,
      openMenu: () => setPanel('menu'),
      openBag: () => setPanel('bag'),
      closePanel: () => setPanel(null),
    }),
    [panel],
  );

  return (
    <ShellContext value={shell}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AnnouncementBar />
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <SideMenu open={panel === 'menu'} onClose={shell.closePanel} />
      <BagPanel open={panel === 'bag'} onClose={shell.closePanel} />
      <PromoHost />
    </ShellContext>
  );
}
