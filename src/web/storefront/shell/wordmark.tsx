import { Link } from 'react-router';

/** The MURASHKI wordmark, linking home. */
export function Wordmark({ className = '' }: { className?: string }) {
  return (
    <Link to="/" className={`wordmark ${className}`.trim()} aria-label="Murashki home">
      MURASHKI
    </Link>
  );
}
