// Frame of a content page whose feature is still to come: title block, optional lede and actions.
import type { ReactNode } from 'react';
import { PageMeta } from '../../page-meta.js';
import { ButtonLink } from '../../ui/button.js';
import { PageHeading } from '../../ui/page-heading.js';
import './pages.css';

type SimplePageProps = {
  title: string;
  eyebrow?: string;
  lede?: ReactNode;
  metaTitle?: string;
  canonicalPath?: string;
  continueShopping?: boolean;
  children?: ReactNode;
};

export function SimplePage({
  title,
  eyebrow,
  lede,
  metaTitle,
  canonicalPath,
  continueShopping,
  children,
}: SimplePageProps) {
  return (
    <div className="content-page">
      <PageMeta title={metaTitle ?? title} path={canonicalPath} />
      <PageHeading eyebrow={eyebrow} title={title}>
        {lede}
      </PageHeading>
      {children}
      {continueShopping && (
        <div className="content-page__actions">
          <ButtonLink to="/collections" variant="secondary">
            Continue Shopping
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
