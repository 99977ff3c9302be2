// What the admin paths show while the session is checked: shared by the storefront's admin route
// (server render and first client render) and the lazily loaded back office.
export type AdminView = 'tabs' | 'bulk' | 'landing';

export function AdminChecking() {
  return (
    <div className="admin-checking" role="status">
      <span className="admin-checking__dot" aria-hidden="true" />
      Checking your session…
    </div>
  );
}
