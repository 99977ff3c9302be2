// How the back office derives a catalog's names (spec §3, §5), shared by the admin form (which
// shows the result as the owner types) and the server (which enforces it). No Zod here.

/** 'Fabric & Care' -> 'fabricCare': the key of a description block is the camelCase of its title. */
export function camelKey(title: string): string {
  const words = title.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
}

/** 'Dusty Rose' -> 'dusty_rose': a colour's link is the snake_case of its name. */
export function snakeLink(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** A colour link as the server accepts it: lowercase letters and digits joined by single underscores. */
export const SNAKE_LINK_PATTERN = /^[a-z0-9]+(?:_[a-z0-9]+)*$/;

/** An item's url as the server accepts it: lowercase letters and digits joined by single hyphens. */
export const ITEM_URL_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ITEM_URL_MAX = 120;

/** 'Silk Balconette Bra — Ivory' -> 'silk-balconette-bra-ivory': an item's url when the owner gives none. */
export function urlFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ITEM_URL_MAX)
    .replace(/-+$/, '');
}

/** Spec §5: a category's key is its title with whitespace removed, lowercased ('Night Wear' -> 'nightwear'). */
export function categoryKeyOf(title: string): string {
  return title.replace(/\s+/g, '').toLowerCase();
}

/** Spec §5: the create button is disabled while the title is empty after removing whitespace. */
export const isBlankTitle = (title: string) => categoryKeyOf(title) === '';

/** Spec §9: the meta description field shows a 160-character hint (a hint, not a limit). */
export const META_DESCRIPTION_HINT = 160;

/** New item defaults (spec §9). */
export const NEW_ITEM_DEFAULTS = {
  position: 0,
  promotion_position: 0,
  published: false,
  is_final_sale: false,
} as const;

/** Spec §9: a review's rating when the owner gives none. */
export const DEFAULT_REVIEW_RATING = 5;

/** A picture as an item may hold it: an uploaded file (/uploads/…) or an http(s) image or video address. */
export function isPictureRef(value: string): boolean {
  if (/^https?:\/\/[^\s"'<>\\]+$/i.test(value)) return URL.canParse(value);
  return /^\/uploads\/[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/.test(value) && !value.split('/').includes('..');
}

/** The back office's Existing Items and bulk table answer at most this many items a page (position order). */
export const EXISTING_ITEMS_LIMIT = 50;
