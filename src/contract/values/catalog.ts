// The catalog's values (spec §2 landing tiles), Zod-free for the browser; the schemas are in ../catalog.ts.

export const LANDING_LAYOUTS = [
  'picLayout2L',
  'textDataLayout1',
  'tallWithSmallOverlayText',
  'wideHorizontalWithText',
  'fullscreenHero',
  'columnsLargeRight',
] as const;
export type LandingLayout = (typeof LANDING_LAYOUTS)[number];

/** The fields each landing-tile layout needs (spec §2). */
export const LANDING_FIELDS: Record<LandingLayout, readonly string[]> = {
  picLayout2L: ['img_1', 'img_2'],
  textDataLayout1: ['title', 'subtitle'],
  tallWithSmallOverlayText: ['img_1', 'img_2', 'subtitle'],
  wideHorizontalWithText: ['img_1', 'subtitle'],
  fullscreenHero: ['img_1', 'subtitle'],
  columnsLargeRight: ['img_1', 'img_2', 'subtitle'],
};

/** The `home` setting: what the home page shows besides the promotional items. */
export const HOME_SETTING_KEY = 'home';
