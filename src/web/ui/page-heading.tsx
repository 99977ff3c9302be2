// The editorial title block at the top of a content page.
import './ui.css';
import type { ReactNode } from 'react';

export function PageHeading({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="page-heading">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1 className="page-heading__title">{title}</h1>
      {children && <div className="page-heading__lede">{children}</div>}
    </header>
  );
}
