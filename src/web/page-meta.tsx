// Per-page <title>, description and canonical link. React 19 hoists these into <head> on the
// server and keeps them in step on client navigation.
import { createContext, useContext, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useShopInfo } from './storefront/shell/use-shop-info.js';

/** The home page's title and every page's default description, for the shop's name (settings, issue 26). */
export const defaultTitle = (siteName: string) => `${siteName} — Lingerie & Clothing`;
export const defaultDescription = (siteName: string) =>
  `${siteName}: considered lingerie and clothing. Bras, panties & garters and everyday pieces, made to be lived in.`;

/** The shop's name as the pages print it (the settings' name). */
export function useSiteName(): string {
  return useShopInfo().name;
}

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

export function PageMeta({ title, description, path, noIndex = false }: PageMetaProps) {
  const { publicUrl } = useSite();
  const { pathname } = useLocation();
  const siteName = useSiteName();
  const fullTitle = title ? `${title} — ${siteName}` : defaultTitle(siteName);
  const summary = description ?? defaultDescription(siteName);
  const canonical = publicUrl + (path ?? pathname);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={summary} />
      <link rel="canonical" href={canonical} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={summary} />
      <meta property="og:url" content={canonical} />
      {noIndex && <meta name="robots" content="noindex, nofollow" />}
    </>
  );
}
