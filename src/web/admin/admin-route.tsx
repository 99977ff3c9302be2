// The admin paths in the storefront bundle: a frame and the gate's first state only. The gate and
// the back office live in admin-app.tsx, a chunk the browser loads after hydration; the server
// renders just the 'checking' state, so server HTML and first client render agree.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useParams } from 'react-router';
import { PageMeta } from '../page-meta.js';
import { AdminChecking, type AdminView } from './admin-checking.js';
import './admin-shell.css';

const AdminApp = lazy(() => import('./admin-app.js'));
const LinkPage = lazy(() => import('./sign-in/link-page.js'));

export function AdminLayout() {
  return (
    <div className="admin-shell">
      <PageMeta title="Admin" noIndex />
      <header className="admin-shell__header">
        <Link to="/" className="admin-shell__brand" aria-label="Murashki home">
          MURASHKI
        </Link>
        <span className="admin-shell__label">Back office</span>
      </header>
      <main id="main" className="admin-shell__main">
        <Outlet />
      </main>
    </div>
  );
}

export function AdminRoute({ view }: { view: AdminView }) {
  const { url } = useParams();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return <AdminChecking />;
  return (
    <Suspense fallback={<AdminChecking />}>
      <AdminApp view={view} landingUrl={url} />
    </Suspense>
  );
}

/** /admin/invite/{token} and /admin/reset/{token}: the one-time link's page, its own lazy chunk. */
export function AdminLinkRoute({ kind }: { kind: 'invite' | 'reset' }) {
  const { token } = useParams();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return <AdminChecking />;
  return (
    <Suspense fallback={<AdminChecking />}>
      <LinkPage kind={kind} token={token ?? ''} />
    </Suspense>
  );
}
