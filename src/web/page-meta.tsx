// Per-page <title>, description and canonical link. React 19 hoists these into <head> on the
// server and keeps them in step on client navigation.
import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router';

export const SITE_NAME = 'Murashki';
export const DEFAULT_TITLE = 'Murashki — Lingerie & Clothing';
export const DEFAULT_DESCRIPTION =
  'Murashki: considered lingerie and clothing. Bras, panties & garters and everyday pieces, made to be lived in.';

const SiteContext = createContext<{ publicUrl: string }>({ publicUrl: '' });

export function SiteProvider({ publicUrl, children }: { publicUrl: string; children: ReactNode }) {
  return <SiteContext value={{ publicUrl }}>{children}</SiteContext>;
}

export function useSite() {
  return useContext(SiteContext);
}

type PageMetaProps = {
  /** Page name; the shop name is appended. Omit for the home page. */
  title?: string;
  description?: string;
  /** Canonical path with any query that names the content; defaults to the current path without query. */
  path?: string;
  noIndex?: boolean;
};

export function PageMeta({ title, description = DEFAULT_DESCRIPTION, path, noIndex = false }: PageMetaProps) {
  const { publicUrl } = useSite();
  const { pathname } = useLocation();
  const fullTitle = title ? `${title} — ${SITE_NAME}` : DEFAULT_TITLE;
  const canonical = publicUrl + (path ?? pathname);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      {noIndex && <meta name="robots" content="noindex, nofollow" />}
    </>
  );
}
