// The editorial title block at the top of a content page.
import './ui.css';
import type { ReactNode } from 'react';

export function PageHeading({
  eyebrow,
  title,
  titleId,
  children,
}: {
  eyebrow?: string;
  title: string;
  titleId?: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-heading">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1 className="page-heading__title" id={titleId} tabIndex={titleId ? -1 : undefined}>
        {title}
      </h1>
      {children && <div className="page-heading__lede">{children}</div>}
    </header>
  );
}
