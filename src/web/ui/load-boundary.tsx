// What a part of the page shows when its code could not be fetched (a dropped connection on a phone)
// or failed while rendering: a message and a way to try again, where React would otherwise unmount
// the whole page and leave it blank. A chunk that failed to load stays failed in React's lazy cache,
// so trying again reloads the page; the checkout's stage and form survive that (URL, localStorage).
import { Component, type ReactNode } from 'react';
import { Button } from './button.js';

export const LOAD_FAILED = 'could not be loaded. Please check your connection and try again.';

type Props = {
  children: ReactNode;
  /** What failed, for the message: 'This page', 'The checkout'. */
  what?: string;
  /** Over the page (a dialog that failed to open) rather than in its place. */
  floating?: boolean;
  /** Show nothing at all (an optional extra such as the promo popup). */
  silent?: boolean;
};

export class LoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.silent) return null;
    return (
      <div className={this.props.floating ? 'load-failed load-failed--floating' : 'load-failed'} role="alert">
        <p>
          {this.props.what ?? 'This part of the page'} {LOAD_FAILED}
        </p>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    );
  }
}
