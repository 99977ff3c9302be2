// The back office, loaded lazily: the gate (checking → sign-in → signed in, spec §4) and the
// admin screens behind it. Admin features fill in the tabs' panels.
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { checkToken, signOut } from '../api/http-api.js';
import { AccountBar } from './account/account-bar.js';
import { AdminChecking, type AdminView } from './admin-checking.js';
import { createAdminQueryClient } from './queries/admin-queries.js';
import { BulkEditorPage } from './panels/bulk-editor-page.js';
import ActivityPanel from './panels/activity-panel.js';
import CategoriesPanel from './panels/categories-panel.js';
import CreateItemPanel from './panels/create-item-panel.js';
import ExistingItemsPanel from './panels/existing-items-panel.js';
import HomePanel from './panels/home-panel.js';
import InfoPanel from './panels/info-panel.js';
import { LandingEditorPage } from './panels/landing-editor-page.js';
import NewsletterPanel from './panels/newsletter-panel.js';
import NonEmptyCartsPanel from './panels/non-empty-carts-panel.js';
import OrdersPanel from './panels/orders-panel.js';
import PromotionsPanel from './panels/promotions-panel.js';
import SettingsPanel from './panels/settings-panel.js';
import StaffPanel from './panels/staff-panel.js';
import SubscriptionsPanel from './panels/subscriptions-panel.js';
import ReviewsPanel from './panels/reviews/reviews-panel.js';
import AbandonedPanel from './panels/abandoned/abandoned-panel.js';
import DemandPanel from './panels/demand/demand-panel.js';
import OverviewPanel from './panels/overview/overview-panel.js';
import { mayLeaveUnsaved, useTabAfterAsking } from './panels/use-unsaved-warning.js';
import { SignInForm } from './sign-in/sign-in-form.js';
import { useMe } from './queries/use-me.js';
import { SetupChecklist, SetupReopen } from './setup/setup-checklist.js';
import { OWNER_ONLY } from '../../contract/values/admin.js';
import './admin.css';

type GateState = 'checking' | 'signedOut' | 'signedIn';

export default function AdminApp({ view, landingUrl }: { view: AdminView; landingUrl: string | undefined }) {
  const [state, setState] = useState<GateState>('checking');
  const [notice, setNotice] = useState<string | null>(null);
  // The back office's own cache, apart from the storefront's: dropped on sign-out.
  const [queryClient] = useState(createAdminQueryClient);

  const check = useCallback(async () => {
    setState('checking');
    try {
      setState((await checkToken()) ? 'signedIn' : 'signedOut');
      setNotice(null);
    } catch {
      setNotice('The shop could not be reached. Please try again.');
      setState('signedOut');
    }
  }, []);

  useEffect(() => {
    void check();
  }, [check]);

  const onSignOut = async () => {
    try {
      await signOut();
    } finally {
      queryClient.clear();
      setState('signedOut');
    }
  };

  if (state === 'checking') return <AdminChecking />;
  if (state === 'signedOut') return <SignInForm notice={notice} onSignedIn={check} />;
  return (
    <QueryClientProvider client={queryClient}>
      <div className="admin-page">
        <div className="admin-page__bar">
          <AccountBar onSignOut={() => void onSignOut()} onSessionEnded={check} />
        </div>
        {view === 'tabs' && (
          <>
            <SetupChecklist />
            <AdminTabs />
          </>
        )}
        {view === 'bulk' && <BulkEditorPage />}
        {view === 'landing' && <LandingEditorPage url={landingUrl ?? ''} />}
      </div>
    </QueryClientProvider>
  );
}

export const ADMIN_TABS = [
  { key: 'createNew', label: 'Create New' },
  { key: 'editExisting', label: 'Existing Items' },
  { key: 'orders', label: 'Orders' },
  { key: 'info', label: 'Info' },
  { key: 'promotions', label: 'Promotions' },
  { key: 'subscriptions', label: 'Subscriptions' },
  { key: 'categories', label: 'Categories' },
  { key: 'newsletter', label: 'Newsletter' },
  { key: 'nonEmptyCarts', label: 'Non-Empty Carts' },
  // Issue 26: the shop's own places, after the nine of spec §2, in a quieter row of their own (every
  // tab after the ninth); owner only ones are hidden from staff, and refused to them by the server too.
  // Issue 28: how the shop is doing, what shoppers wait for, checkouts left half-way.
  { key: 'overview', label: 'Overview', ownerOnly: false },
  { key: 'demand', label: 'Demand', ownerOnly: false },
  { key: 'abandoned', label: 'Abandoned', ownerOnly: false },
  { key: 'home', label: 'Home', ownerOnly: false },
  // Issue 27 #6: shoppers' reviews waiting for approval (staff may moderate).
  { key: 'reviews', label: 'Reviews', ownerOnly: false },
  { key: 'settings', label: 'Settings', ownerOnly: true },
  { key: 'staff', label: 'Staff', ownerOnly: true },
  { key: 'activity', label: 'Activity', ownerOnly: true },
] as const;

type TabKey = (typeof ADMIN_TABS)[number]['key'];
type Tab = (typeof ADMIN_TABS)[number];

/** The tabs of spec §2 (labels, keys and order as the spec has them); the shop's places follow. */
const SPEC_TAB_COUNT = 9;
const isOwnerOnly = (tab: Tab) => 'ownerOnly' in tab && tab.ownerOnly;

/** Each tab's screen; a tab without one shows its title only. */
const PANELS: Partial<Record<TabKey, () => React.JSX.Element>> = {
  createNew: CreateItemPanel,
  editExisting: ExistingItemsPanel,
  categories: CategoriesPanel,
  info: InfoPanel,
  newsletter: NewsletterPanel,
  nonEmptyCarts: NonEmptyCartsPanel,
  orders: OrdersPanel,
  promotions: PromotionsPanel,
  subscriptions: SubscriptionsPanel,
  home: HomePanel,
  settings: SettingsPanel,
  staff: StaffPanel,
  activity: ActivityPanel,
  reviews: ReviewsPanel,
  overview: OverviewPanel,
  demand: DemandPanel,
  abandoned: AbandonedPanel,
};

function AdminTabs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { me, isOwner } = useMe();
  // Staff do not see the owner's places; until we know who is signed in, neither does anyone.
  const visible = ADMIN_TABS.filter((t) => !isOwnerOnly(t) || isOwner);
  // `?tab=orders`, or as the spec writes it, `?orders`.
  const requested = searchParams.get('tab') ?? ADMIN_TABS.find((t) => searchParams.has(t.key))?.key ?? null;
  const active: TabKey = useTabAfterAsking(ADMIN_TABS.find((t) => t.key === requested)?.key ?? 'createNew');
  const baseId = useId();
  const tabRefs = useRef(new Map<TabKey, HTMLButtonElement>());
  const activeTab = ADMIN_TABS.find((t) => t.key === active) ?? ADMIN_TABS[0];
  const refused = isOwnerOnly(activeTab) && !isOwner;
  const Panel = PANELS[active];

  const select = (key: TabKey, focus = false) => {
    // Switching tabs unmounts the panel without a page unload, so the browser would not ask.
    if (key !== active && !mayLeaveUnsaved()) return;
    setSearchParams({ tab: key });
    if (focus) tabRefs.current.get(key)?.focus();
  };

  // On a phone the strip scrolls sideways: the tab shown is brought into the middle of it.
  useEffect(() => {
    const tab = tabRefs.current.get(active);
    const strip = tab?.parentElement;
    if (!tab || !strip || strip.scrollWidth <= strip.clientWidth) return;
    const offset = tab.getBoundingClientRect().left - strip.getBoundingClientRect().left;
    strip.scrollLeft += offset - (strip.clientWidth - tab.offsetWidth) / 2;
  }, [active]);

  // Arrow keys move between the tabs shown, both rows (WAI-ARIA tabs pattern, automatic activation).
  // From the tab that has the focus: a key pressed right after a click may come before the click's
  // tab is shown (the address changes in a transition), and must still move from the tab clicked.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const focused = visible.findIndex((t) => tabRefs.current.get(t.key) === event.target);
    const index = focused >= 0 ? focused : visible.findIndex((t) => t.key === active);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: visible.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = visible[(target + visible.length) % visible.length];
    if (next) select(next.key, true);
  };

  const tabButton = (tab: Tab, className: string) => (
    <button
      key={tab.key}
      ref={(node) => {
        if (node) tabRefs.current.set(tab.key, node);
        else tabRefs.current.delete(tab.key);
      }}
      type="button"
      role="tab"
      id={`${baseId}-${tab.key}`}
      aria-selected={tab.key === active}
      aria-controls={`${baseId}-panel`}
      // The tab shown takes the focus; when it is hidden from this person, the first one does.
      tabIndex={tab.key === active || (refused && tab.key === visible[0]?.key) ? 0 : -1}
      className={className}
      onClick={() => select(tab.key)}
    >
      {tab.label}
    </button>
  );
  const shopPlaces = visible.slice(SPEC_TAB_COUNT);

  return (
    <div className="admin-tabs">
      <div className="admin-tabs__strip">
        <div className="admin-tabs__list" role="tablist" aria-label="Admin sections" onKeyDown={onKeyDown}>
          <div className="admin-tabs__row" role="presentation">
            {visible.slice(0, SPEC_TAB_COUNT).map((tab) => tabButton(tab, 'admin-tabs__tab'))}
          </div>
          {shopPlaces.length > 0 && (
            <div className="admin-tabs__row admin-tabs__row--shop" role="presentation">
              <span className="admin-tabs__group" aria-hidden="true">
                Shop
              </span>
              {shopPlaces.map((tab) => tabButton(tab, 'admin-tabs__tab admin-tabs__tab--shop'))}
            </div>
          )}
        </div>
        <SetupReopen />
      </div>
      <section
        className="admin-tabs__panel"
        role="tabpanel"
        id={`${baseId}-panel`}
        {...(refused ? { 'aria-label': activeTab.label } : { 'aria-labelledby': `${baseId}-${active}` })}
      >
        <h1 className="admin-page__title">{activeTab.label}</h1>
        {refused ? (
          me === undefined ? (
            <p className="admin-panel__empty">Loading…</p>
          ) : (
            <p className="admin-panel__error" role="alert">
              {OWNER_ONLY}
            </p>
          )
        ) : (
          Panel && <Panel />
        )}
      </section>
    </div>
  );
}
