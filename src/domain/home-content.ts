// The home page's content rules, Zod-free so the storefront's first load and the back office's
// chunk can use them: the built-in home a fresh shop shows (issue 26 #1), the defaults of the fields
// added by the Home editor, and the checks a save must pass (the server's and the editor's, one list).
import { isPictureRef } from './catalog-names.js';

/** Where the built-in pictures are served from (src/web/assets/home, drawn by scripts/make-home-pictures.ts). */
export const BUILT_IN_PICTURES_PATH = '/home-pictures/';
const builtIn = (name: string) => `${BUILT_IN_PICTURES_PATH}${name}.jpg`;

/** The built-in pictures' names, each with its -preview.jpg and -small.jpg beside it. */
export const BUILT_IN_PICTURE_NAMES = [
  'banner-desktop',
  'banner-mobile',
  'category-clothing',
  'category-bras',
  'category-panties',
] as const;

/** Spec §2: the banner's words and where a click goes, until the owner writes their own. */
export const DEFAULT_BANNER_TEXT = { title: 'New Arrivals', buttonText: 'See more', link: '/collections' } as const;

/** Spec §2: the announcement bar's three messages, until the owner writes their own. */
export { DEFAULT_ANNOUNCEMENTS } from '../contract/values/announcements.js';
import { DEFAULT_ANNOUNCEMENTS } from '../contract/values/announcements.js';
export const MAX_ANNOUNCEMENTS = 3;

/** The home's content as the page reads it (HomeContentSchema's output in src/contract/content.ts). */
export type HomeBanner = {
  desktop: string;
  mobile: string;
  alt: string;
  title: string;
  buttonText: string;
  link: string;
};
export type HomeShape = {
  banners: HomeBanner[];
  effortlesslyChic: { picture: string; url: string; title: string }[];
  girls: { picture: string; url: string; handle: string }[];
  categoryTiles: { key: string; label: string; picture: string }[];
  story: string[];
  storyPage: { title: string; text: string; html?: string | undefined };
  announcements: string[];
};

/**
 * What a shop shows before its owner saves a home (issue 26 #1, spec §2): the 'New Arrivals'
 * banner and the three category tiles, with calm built-in pictures. Sections without content
 * (Effortlessly chic, Murashki Girls) stay empty, so the page leaves them out.
 */
export function builtInHome(): HomeShape {
  return {
    banners: [
      {
        desktop: builtIn('banner-desktop'),
        mobile: builtIn('banner-mobile'),
        alt: 'A champagne silk slip on a hanger in a blush arch, pearls at its feet',
        ...DEFAULT_BANNER_TEXT,
      },
    ],
    effortlesslyChic: [],
    girls: [],
    categoryTiles: [
      { key: 'clothing', label: 'CLOTHING', picture: builtIn('category-clothing') },
      { key: 'bras', label: 'BRAS', picture: builtIn('category-bras') },
      { key: 'pantiesandgarters', label: 'PANTIES', picture: builtIn('category-panties') },
    ],
    story: [],
    storyPage: { title: '', text: '' },
    announcements: [...DEFAULT_ANNOUNCEMENTS],
  };
}

/** A picture the home may show: an upload or http(s) address (as items hold), or a built-in one. */
export function isHomePicture(value: string): boolean {
  if (value.startsWith(BUILT_IN_PICTURES_PATH)) {
    const name = value.slice(BUILT_IN_PICTURES_PATH.length).replace(/\.jpg$/, '');
    return (BUILT_IN_PICTURE_NAMES as readonly string[]).includes(name);
  }
  return isPictureRef(value);
}

/** A banner's link: a path of this shop ('/collections', not '//elsewhere') or an https address. */
export function isHomeLink(value: string): boolean {
  if (/^\/(?!\/)[^\s"'<>\\]*$/.test(value)) return true;
  return /^https:\/\/[^\s"'<>\\]+$/i.test(value) && URL.canParse(value);
}

export type HomeProblem = { path: (string | number)[]; message: string };

const blank = (value: string | undefined) => !value || value.trim() === '';

/**
 * Everything wrong with a home the owner wants to save, each naming its place ('Slide 2: the title
 * is required'). An empty list: the home may be saved.
 */
export function homeProblems(home: HomeShape): HomeProblem[] {
  const problems: HomeProblem[] = [];
  const add = (path: (string | number)[], message: string) => problems.push({ path, message });
  const picture = (path: (string | number)[], where: string, value: string, what = 'the picture') => {
    if (blank(value)) add(path, `${where}: ${what} is required`);
    else if (!isHomePicture(value)) add(path, `${where}: ${what} must be an uploaded picture or an https address`);
  };

  if (home.banners.length === 0) add(['banners'], 'Banner: add at least one slide');
  home.banners.forEach((b, i) => {
    const where = `Slide ${i + 1}`;
    picture(['banners', i, 'desktop'], where, b.desktop, 'the picture above 1024 px');
    picture(['banners', i, 'mobile'], where, b.mobile, 'the picture below 1024 px');
    if (blank(b.title)) add(['banners', i, 'title'], `${where}: the title is required`);
    if (blank(b.buttonText)) add(['banners', i, 'buttonText'], `${where}: the button text is required`);
    if (blank(b.link)) add(['banners', i, 'link'], `${where}: the link is required`);
    else if (!isHomeLink(b.link.trim()))
      add(['banners', i, 'link'], `${where}: the link must be a shop path starting with / or an https address`);
  });
  home.effortlesslyChic.forEach((e, i) => {
    const where = `Effortlessly chic ${i + 1}`;
    picture(['effortlesslyChic', i, 'picture'], where, e.picture);
    if (blank(e.url)) add(['effortlesslyChic', i, 'url'], `${where}: the product is required`);
  });
  home.girls.forEach((g, i) => {
    const where = `Murashki Girls ${i + 1}`;
    picture(['girls', i, 'picture'], where, g.picture);
    if (blank(g.url)) add(['girls', i, 'url'], `${where}: the product is required`);
    if (blank(g.handle)) add(['girls', i, 'handle'], `${where}: the author handle is required`);
  });
  home.categoryTiles.forEach((t, i) => {
    const where = `Category tile ${i + 1}`;
    if (blank(t.label)) add(['categoryTiles', i, 'label'], `${where}: the label is required`);
    if (blank(t.key)) add(['categoryTiles', i, 'key'], `${where}: the category is required`);
    picture(['categoryTiles', i, 'picture'], where, t.picture);
  });
  const keys = home.categoryTiles.map((t) => t.key);
  keys.forEach((key, i) => {
    if (key && keys.indexOf(key) !== i)
      add(['categoryTiles', i, 'key'], `Category tile ${i + 1}: this category already has a tile`);
  });
  if (home.announcements.length < 1 || home.announcements.length > MAX_ANNOUNCEMENTS)
    add(['announcements'], 'Announcement bar: write one to three messages');
  home.announcements.forEach((m, i) => {
    if (blank(m)) add(['announcements', i], `Announcement ${i + 1}: the message is required`);
  });
  home.story.forEach((p, i) => {
    picture(['story', i], `Story picture ${i + 1}`, p);
  });
  return problems;
}
