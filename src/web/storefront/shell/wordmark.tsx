import { Link } from 'react-router';
import { useShopInfo } from './use-shop-info.js';

const LONG_NAME = 12;

/** The shop's wordmark (its name from the settings, in capitals by the CSS), linking home. */
export function Wordmark({ className = '' }: { className?: string }) {
  const { name } = useShopInfo();
  // A long name is set smaller and closer, so it fits a phone's header between the buttons.
  const long = name.length > LONG_NAME ? ' wordmark--long' : '';
  return (
    <Link to="/" className={`wordmark${long} ${className}`.trim()} aria-label={`${name} home`}>
      {name.toLocaleUpperCase('en-US')}
    </Link>
  );
}
