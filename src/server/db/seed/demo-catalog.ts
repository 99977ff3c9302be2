// The demo catalog loaded by SEED=demo: a small but complete Murashki shop, as plain data.
// No Node imports here, so the web can import the HomeContent type (and schema) without dragging in
// the picture generator or the database.
import type { HomeContent } from '../../../contract/content.js';
import type { DescriptionBlock, LandingTile } from '../schema.js';
import type { Fabric, Garment, GarmentShape } from '../../../demo/pictures.js';
import { camelKey, snakeLink } from '../../../domain/catalog-names.js';
import { DEFAULT_ANNOUNCEMENTS, DEFAULT_BANNER_TEXT } from '../../../domain/home-content.js';

// ---------- helpers ----------

export { camelKey, snakeLink };

const blocks = (...list: [title: string, text: string][]): DescriptionBlock[] =>
  list.map(([title, text]) => ({ key: camelKey(title), title, text }));

export const DEMO_PICTURE_DIR = '/uploads/demo';
export const demoPicture = (name: string) => `${DEMO_PICTURE_DIR}/${name}.jpg`;
export const itemPicture = (url: string, n: number) => demoPicture(`${url}-${n}`);

// ---------- categories and colours ----------

export const DEMO_CATEGORIES = [
  { key: 'clothing', title: 'Clothing', position: 1 },
  { key: 'bras', title: 'Bras', position: 2 },
  { key: 'pantiesandgarters', title: 'Panties & Garters', position: 3 },
] as const;

export type DemoCategoryKey = (typeof DEMO_CATEGORIES)[number]['key'];

export const DEMO_COLORS = {
  Champagne: '#e3c9a8',
  Black: '#1f1c1d',
  'Dusty Rose': '#c98f8a',
  Ivory: '#f2e9da',
  Sage: '#9fae94',
  'Midnight Navy': '#262c42',
  Blush: '#e6b9ae',
  Mocha: '#8a6450',
  Bordeaux: '#5b1f2e',
  'Powder Blue': '#a9bccf',
  Oatmeal: '#d6c6b1',
  Mauve: '#a3626b',
} as const;

export type DemoColorName = keyof typeof DEMO_COLORS;

export const DEMO_SIZES = ['XS', 'S', 'M', 'L'] as const;

// ---------- items ----------

export type DemoProduct = {
  type: string;
  name: string;
  priceCents: number;
  colors: readonly DemoColorName[];
  /** A set sold with a size per piece (issue 27 item 4): each piece takes every demo size. */
  pieces?: readonly string[];
};

export type DemoReview = { title: string; description: string; rating: number; authorName: string };

export type DemoItem = {
  url: string;
  title: string;
  category: DemoCategoryKey;
  metaDescription: string;
  description: DescriptionBlock[];
  /** How the picture generator draws it. */
  art: { shape: GarmentShape; fabric: Fabric; trim?: string };
  pictureCount: 2 | 3 | 4;
  products: readonly DemoProduct[];
  published?: false;
  promotionPosition?: number;
  isFinalSale?: true;
  /** Every size of every colour sold out (the shop's one "Get notified" item). */
  soldOut?: true;
  /** Item urls; resolved to ids when seeding. */
  completeSet: readonly string[];
  similarItems: readonly string[];
  landing?: LandingTile[];
  reviews?: readonly DemoReview[];
};

const SILK_CARE =
  '100% mulberry silk charmeuse, 19 momme. Hand wash cold with a silk detergent, or machine wash in a mesh bag on the delicate cycle. Roll in a towel to dry; never wring. Cool iron on the reverse.';
const LACE_CARE =
  'Leavers-style lace (88% nylon, 12% elastane) lined with a soft cotton gusset. Hand wash cold and lay flat to dry. Keep away from Velcro and rough surfaces.';
const TULLE_CARE =
  'Fine stretch tulle (82% recycled nylon, 18% elastane) with satin binding. Hand wash cold, lay flat to dry, do not tumble dry.';
const SATIN_CARE =
  'Stretch silk satin (92% silk, 8% elastane). Hand wash cold, dry flat in the shade, cool iron on the reverse if needed.';
const BRA_FIT =
  'True to size. Adjustable straps and a three-row hook-and-eye closure. Between sizes? Size up in the band. See the sizing guide for cup equivalents.';
const BRIEF_FIT = 'True to size, with a soft, non-digging elastic. If you are between sizes, we recommend sizing up.';

export const DEMO_ITEMS: readonly DemoItem[] = [
  {
    url: 'silk-balconette-bra',
    title: 'Silk Balconette Bra',
    category: 'bras',
    metaDescription:
      'A silk balconette bra with seamed cups and a gentle lift, cut from mulberry silk charmeuse and finished with gold-tone hardware.',
    description: blocks(
      [
        'description',
        'Our signature balconette, cut from liquid mulberry silk and seamed to lift and shape without padding. The neckline sits low and straight across the bust, so it disappears under square and scoop necklines. Finished with a tiny silk bow and gold-tone sliders.',
      ],
      ['Fabric & Care', SILK_CARE],
      ['Fit', BRA_FIT],
    ),
    art: { shape: 'balconetteBra', fabric: 'silk' },
    pictureCount: 4,
    products: [
      { type: 'bra', name: 'Bra', priceCents: 9800, colors: ['Champagne', 'Black', 'Dusty Rose'] },
      { type: 'set', name: 'Bra + Brief Set', priceCents: 15200, colors: ['Champagne', 'Black'] },
    ],
    promotionPosition: 1,
    completeSet: ['high-waist-silk-brief'],
    similarItems: ['silk-demi-cup-bra', 'lace-plunge-bralette', 'tulle-longline-bra'],
    landing: [
      {
        layout: 'fullscreenHero',
        data: {
          img_1: itemPicture('silk-balconette-bra', 3),
          subtitle: 'Cut from liquid mulberry silk and seamed by hand in small batches.',
        },
      },
      {
        layout: 'textDataLayout1',
        data: {
          title: 'The balconette, reconsidered',
          subtitle:
            'No padding, no wire digging in: four silk panels do the lifting, and a low straight neckline does the rest.',
        },
      },
      {
        layout: 'picLayout2L',
        data: { img_1: itemPicture('silk-balconette-bra', 1), img_2: itemPicture('silk-balconette-bra', 2) },
      },
    ],
    reviews: [
      {
        title: 'Finally a bra I forget I am wearing',
        description:
          'The silk is unbelievably soft and the seams give real shape without any padding. I ordered my usual 34B (size S) and it fits perfectly.',
        rating: 5,
        authorName: 'Clara M.',
      },
      {
        title: 'Beautiful colour',
        description: 'Champagne is the perfect nude under white shirts. The straps stay put all day.',
        rating: 5,
        authorName: 'Sophie R.',
      },
      {
        title: 'Lovely, runs slightly small in the band',
        description:
          'Gorgeous quality and the little bow is so sweet. The band felt snug on the loosest hook at first, so size up if you are between sizes.',
        rating: 4,
        authorName: 'Hannah K.',
      },
      {
        title: 'Worth every penny',
        description: 'Bought the set in black. It washes well by hand and still looks new after a couple of months.',
        rating: 5,
        authorName: 'Mei L.',
      },
    ],
  },
  {
    url: 'satin-slip-dress',
    title: 'Satin Slip Dress',
    category: 'clothing',
    metaDescription:
      'A bias-cut satin slip dress with a soft cowl of light and fine adjustable straps, made to wear from dinner to the morning after.',
    description: blocks(
      [
        'description',
        'Cut on the bias so it skims rather than clings, our slip dress falls to a fluid midi length that moves beautifully. Fine adjustable straps and a gentle V-neck keep it simple enough for a slip, polished enough for dinner.',
      ],
      ['Fabric & Care', SATIN_CARE],
      [
        'Fit',
        'Relaxed, bias-cut fit that follows the body. Take your usual size; the model is 5\'9" and wears a size S.',
      ],
      [
        'Details',
        'Midi length, approximately 46 in / 117 cm from the shoulder in size S. Adjustable straps, French seams throughout.',
      ],
    ),
    art: { shape: 'slipDress', fabric: 'satin' },
    pictureCount: 4,
    products: [{ type: 'dress', name: 'Slip Dress', priceCents: 22800, colors: ['Champagne', 'Black', 'Sage'] }],
    promotionPosition: 2,
    completeSet: ['silk-kimono-robe'],
    similarItems: ['lace-trim-silk-chemise', 'silk-camisole', 'silk-midi-slip-skirt'],
    landing: [
      {
        layout: 'tallWithSmallOverlayText',
        data: {
          img_1: itemPicture('satin-slip-dress', 1),
          img_2: itemPicture('satin-slip-dress', 2),
          subtitle: 'Bias-cut so it moves with you, never against you.',
        },
      },
      {
        layout: 'wideHorizontalWithText',
        data: {
          img_1: demoPicture('story-1'),
          subtitle: 'Stretch silk satin, dyed in small lots so every colour stays soft and deep.',
        },
      },
      {
        layout: 'textDataLayout1',
        data: {
          title: 'From dinner to the morning after',
          subtitle: 'Wear it alone, under a cashmere cardigan, or over our silk pajamas on a slow Sunday.',
        },
      },
    ],
    reviews: [
      {
        title: 'The dress of the summer',
        description:
          'I wore it to a wedding with heels and then to brunch with sneakers. It drapes like a dream and does not wrinkle much in a suitcase.',
        rating: 5,
        authorName: 'Isabel F.',
      },
      {
        title: 'Elegant and flattering',
        description: 'The bias cut is very forgiving. Sage is even prettier in person.',
        rating: 5,
        authorName: 'Natalie P.',
      },
      {
        title: 'Gorgeous but long',
        description: 'I am 5\'3" and it hits my ankles, so I had it taken up a little. The fabric is beautiful.',
        rating: 4,
        authorName: 'Jess T.',
      },
    ],
  },
  {
    url: 'high-waist-silk-brief',
    title: 'High-Waist Silk Brief',
    category: 'pantiesandgarters',
    metaDescription:
      'A high-waist brief in mulberry silk with a soft covered waistband and a full-coverage back. The match to our Silk Balconette Bra.',
    description: blocks(
      [
        'description',
        'A high-rise brief with a retro line and a very modern feel: silk charmeuse against the skin, a wide covered waistband that never rolls, and a full back. It is the natural match to our Silk Balconette Bra.',
      ],
      ['Fabric & Care', SILK_CARE],
      ['Fit', `${BRIEF_FIT} The waistband sits at the natural waist.`],
    ),
    art: { shape: 'highWaistBrief', fabric: 'silk' },
    pictureCount: 3,
    products: [{ type: 'brief', name: 'Brief', priceCents: 6200, colors: ['Champagne', 'Black', 'Dusty Rose'] }],
    promotionPosition: 3,
    completeSet: ['silk-balconette-bra'],
    similarItems: ['silk-bikini-brief', 'lace-cheeky-brief', 'tulle-high-leg-brief'],
    reviews: [
      {
        title: 'So comfortable',
        description: 'No lines under trousers and the waistband does not roll down. I now own three.',
        rating: 5,
        authorName: 'Amelia W.',
      },
      {
        title: 'Pretty and practical',
        description: 'Really high quality silk. I would love a version in ivory.',
        rating: 4,
        authorName: 'Rachel D.',
      },
    ],
  },
  {
    url: 'lace-plunge-bralette',
    title: 'Lace Plunge Bralette',
    category: 'bras',
    metaDescription:
      'An unlined lace plunge bralette with a deep V, scalloped edges and adjustable straps. Wire-free comfort with a romantic finish.',
    description: blocks(
      [
        'description',
        'A deep plunge in scalloped floral lace, unlined and wire-free so it feels like nothing at all. It looks as lovely peeking from an open shirt as it does on its own.',
      ],
      ['Fabric & Care', LACE_CARE],
      ['Fit', 'Wire-free with a soft elastic underband. Best for cup sizes A to C. Adjustable straps.'],
    ),
    art: { shape: 'plungeBra', fabric: 'lace' },
    pictureCount: 4,
    products: [
      { type: 'bralette', name: 'Bralette', priceCents: 7200, colors: ['Black', 'Ivory', 'Blush'] },
      { type: 'set', name: 'Bralette + Cheeky Brief Set', priceCents: 10800, colors: ['Black', 'Ivory'] },
    ],
    promotionPosition: 4,
    completeSet: ['lace-cheeky-brief'],
    similarItems: ['lace-soft-cup-bra', 'satin-triangle-bralette', 'silk-balconette-bra'],
    reviews: [
      {
        title: 'Delicate and sexy',
        description: 'The lace is soft, not scratchy at all. I wear it under a blazer on date nights.',
        rating: 5,
        authorName: 'Olivia G.',
      },
      {
        title: 'Lovely for smaller cups',
        description: 'Perfect shape for a 32A. Would not give much support for bigger busts, as the description says.',
        rating: 4,
        authorName: 'Emma B.',
      },
      {
        title: 'Beautiful',
        description: 'Ivory is stunning. Bought it for my wedding day and it was perfect.',
        rating: 5,
        authorName: 'Laura S.',
      },
    ],
  },
  {
    url: 'silk-kimono-robe',
    title: 'Silk Kimono Robe',
    category: 'clothing',
    metaDescription:
      'A silk kimono robe with wide sleeves, a contrast shawl collar and a tie belt, available in a short or ankle-length cut.',
    description: blocks(
      [
        'description',
        'Wide kimono sleeves, a softly contrasting collar and a long tie belt: the robe you will want to live in on slow mornings. Available in a short length or a sweeping ankle length.',
      ],
      ['Fabric & Care', SILK_CARE],
      ['Fit', 'Generous, relaxed fit. One belt loop on each side; an inner tie keeps the wrap closed.'],
    ),
    art: { shape: 'kimonoRobe', fabric: 'silk', trim: '#f2e9da' },
    pictureCount: 3,
    products: [
      { type: 'robe', name: 'Short Robe', priceCents: 19800, colors: ['Mauve', 'Midnight Navy'] },
      { type: 'long robe', name: 'Long Robe', priceCents: 24800, colors: ['Mauve', 'Midnight Navy'] },
    ],
    promotionPosition: 5,
    completeSet: ['silk-pajama-set'],
    similarItems: ['cashmere-lounge-cardigan', 'silk-pajama-set', 'satin-slip-dress'],
    reviews: [
      {
        title: 'Pure luxury',
        description:
          'I bought the long robe as a gift for myself and I do not regret it. The mauve is rich without being loud.',
        rating: 5,
        authorName: 'Victoria H.',
      },
      {
        title: 'Gorgeous, a little slippery',
        description: 'The belt loosens if you tie it loosely, but that is silk for you. The inner tie helps.',
        rating: 4,
        authorName: 'Priya N.',
      },
    ],
  },
  {
    url: 'lace-cheeky-brief',
    title: 'Lace Cheeky Brief',
    category: 'pantiesandgarters',
    metaDescription:
      'A cheeky brief in scalloped floral lace with a cotton gusset and a flattering mid-rise. Matches our Lace Plunge Bralette.',
    description: blocks(
      [
        'description',
        'Scalloped floral lace with a cheeky cut at the back and a flattering mid-rise at the front. Soft enough for every day, pretty enough to be seen.',
      ],
      ['Fabric & Care', LACE_CARE],
      ['Fit', BRIEF_FIT],
    ),
    art: { shape: 'bikiniBrief', fabric: 'lace' },
    pictureCount: 3,
    products: [{ type: 'brief', name: 'Cheeky Brief', priceCents: 4200, colors: ['Black', 'Ivory', 'Blush'] }],
    completeSet: ['lace-plunge-bralette'],
    similarItems: ['lace-french-knicker', 'satin-thong', 'high-waist-silk-brief'],
    reviews: [
      {
        title: 'My everyday favourite',
        description: 'Invisible under jeans and the lace does not itch. Washes well in a bag.',
        rating: 5,
        authorName: 'Chloe A.',
      },
      {
        title: 'Nice but cut small',
        description: 'Lovely lace, but the back is more cheeky than I expected. I sized up and it is perfect.',
        rating: 4,
        authorName: 'Maya J.',
      },
    ],
  },
  {
    url: 'tulle-longline-bra',
    title: 'Tulle Longline Bra',
    category: 'bras',
    metaDescription:
      'A sheer tulle longline bra with seamed cups, a deep boned band and satin binding. Soft support with a vintage line.',
    description: blocks(
      [
        'description',
        'Sheer stretch tulle with a deep longline band and fine boning for a smooth, vintage silhouette. Satin binding and gold-tone hardware give it a quietly luxurious finish.',
      ],
      ['Fabric & Care', TULLE_CARE],
      ['Fit', `${BRA_FIT} The longline band sits about 4 in / 10 cm below the bust.`],
    ),
    art: { shape: 'longlineBra', fabric: 'tulle' },
    pictureCount: 3,
    products: [
      { type: 'bra', name: 'Bra', priceCents: 11800, colors: ['Sage', 'Black'] },
      {
        type: 'set',
        name: 'Bra + Brief Set',
        priceCents: 16400,
        colors: ['Sage', 'Black'],
        pieces: ['Bra', 'Brief'],
      },
    ],
    promotionPosition: 6,
    completeSet: ['tulle-high-leg-brief', 'silk-garter-belt'],
    similarItems: ['silk-balconette-bra', 'silk-demi-cup-bra', 'velvet-balconette-bra'],
  },
  {
    url: 'cashmere-lounge-cardigan',
    title: 'Cashmere Lounge Cardigan',
    category: 'clothing',
    metaDescription:
      'A relaxed cardigan knitted from pure Mongolian cashmere, with mother-of-pearl buttons and ribbed cuffs. Made for layering over silk.',
    description: blocks(
      [
        'description',
        'Knitted from pure, two-ply Mongolian cashmere, this relaxed cardigan is as soft over a slip dress as it is over pajamas. Mother-of-pearl buttons and long ribbed cuffs you can push up or pull over your hands.',
      ],
      [
        'Fabric & Care',
        '100% grade-A Mongolian cashmere, 12 gauge. Hand wash cold with wool detergent and dry flat. Store folded, never on a hanger.',
      ],
      [
        'Fit',
        'Relaxed fit with dropped shoulders. Take your usual size for a slouchy drape or size down for a neater fit.',
      ],
    ),
    art: { shape: 'cardigan', fabric: 'cashmere' },
    pictureCount: 3,
    products: [{ type: 'cardigan', name: 'Cardigan', priceCents: 26000, colors: ['Oatmeal', 'Mocha'] }],
    completeSet: ['satin-slip-dress'],
    similarItems: ['silk-kimono-robe', 'silk-pajama-set'],
    landing: [
      {
        layout: 'columnsLargeRight',
        data: {
          img_1: itemPicture('cashmere-lounge-cardigan', 1),
          img_2: itemPicture('cashmere-lounge-cardigan', 2),
          subtitle: 'Two-ply Mongolian cashmere, knitted slowly so it stays soft for years.',
        },
      },
      {
        layout: 'textDataLayout1',
        data: {
          title: 'The softest layer',
          subtitle: 'Throw it over silk on cool evenings. Mother-of-pearl buttons, ribbed cuffs, no fuss.',
        },
      },
    ],
    reviews: [
      {
        title: 'Heavenly',
        description: 'Softest cardigan I own and it has not pilled after a whole winter of wear.',
        rating: 5,
        authorName: 'Grace E.',
      },
      {
        title: 'Perfect oversized fit',
        description: 'I took an XS for a relaxed fit and it is exactly what I wanted. Oatmeal goes with everything.',
        rating: 5,
        authorName: 'Anna V.',
      },
      {
        title: 'Lovely but pricey',
        description: 'The quality is excellent. I only wish the pockets were deeper.',
        rating: 4,
        authorName: 'Beth C.',
      },
    ],
  },
  {
    url: 'satin-thong',
    title: 'Satin Thong',
    category: 'pantiesandgarters',
    metaDescription:
      'A minimal stretch silk satin thong with fine adjustable sides and gold-tone rings. Invisible under the slinkiest dresses.',
    description: blocks(
      [
        'description',
        'Barely there and beautifully finished: a satin front panel, fine straps with gold-tone rings, and a soft cotton gusset. The one to wear under our slip dress.',
      ],
      ['Fabric & Care', SATIN_CARE],
      ['Fit', BRIEF_FIT],
    ),
    art: { shape: 'thong', fabric: 'satin' },
    pictureCount: 2,
    products: [{ type: 'thong', name: 'Thong', priceCents: 3800, colors: ['Dusty Rose', 'Champagne'] }],
    completeSet: ['satin-triangle-bralette'],
    similarItems: ['silk-tanga-brief', 'lace-cheeky-brief'],
  },
  {
    url: 'satin-triangle-bralette',
    title: 'Satin Triangle Bralette',
    category: 'bras',
    metaDescription:
      'A soft triangle bralette in stretch silk satin, unlined and wire-free, with a fine elastic band and adjustable straps.',
    description: blocks(
      [
        'description',
        'The easiest bra you will own: two soft satin triangles on a fine elastic band, unlined and wire-free. Made for lazy weekends and long flights.',
      ],
      ['Fabric & Care', SATIN_CARE],
      ['Fit', 'Wire-free, best for cup sizes A to C. Adjustable straps with gold-tone sliders.'],
    ),
    art: { shape: 'triangleBralette', fabric: 'satin' },
    pictureCount: 3,
    products: [
      { type: 'bralette', name: 'Bralette', priceCents: 6400, colors: ['Dusty Rose', 'Champagne'] },
      { type: 'set', name: 'Bralette + Thong Set', priceCents: 9200, colors: ['Dusty Rose', 'Champagne'] },
    ],
    completeSet: ['satin-thong'],
    similarItems: ['lace-plunge-bralette', 'lace-soft-cup-bra', 'silk-bandeau-bra'],
    reviews: [
      {
        title: 'Comfiest bra ever',
        description: 'I sleep in it. The satin is soft and the band does not dig in at all.',
        rating: 5,
        authorName: 'Zoe L.',
      },
      {
        title: 'Cute, not much support',
        description: 'Exactly as described. Great for lounging, not for running errands all day.',
        rating: 3,
        authorName: 'Fiona O.',
      },
    ],
  },
  {
    url: 'silk-pajama-set',
    title: 'Silk Pajama Set',
    category: 'clothing',
    metaDescription:
      'A classic silk pajama set: notch-collar shirt with contrast piping and relaxed wide-leg trousers, in washable mulberry silk.',
    description: blocks(
      [
        'description',
        'The classic, perfected: a notch-collar shirt with contrast piping and mother-of-pearl buttons, and wide-leg trousers with a soft covered waistband. Washable mulberry silk that gets softer every time.',
      ],
      ['Fabric & Care', SILK_CARE],
      ['Fit', 'Relaxed fit. The trousers have an elastic back waist and a drawstring front.'],
    ),
    art: { shape: 'pajamaSet', fabric: 'silk', trim: '#f6efe4' },
    pictureCount: 3,
    products: [{ type: 'pajama set', name: 'Pajama Set', priceCents: 23800, colors: ['Powder Blue', 'Ivory'] }],
    completeSet: ['silk-kimono-robe'],
    similarItems: ['silk-kimono-robe', 'silk-camisole', 'cashmere-lounge-cardigan'],
    reviews: [
      {
        title: 'Sleeping like royalty',
        description: 'Cool in summer, cosy in winter. The piping detail is so chic.',
        rating: 5,
        authorName: 'Eleanor J.',
      },
      {
        title: 'Gift for my mother',
        description: 'She loves them. Beautiful packaging too.',
        rating: 5,
        authorName: 'Daniel K.',
      },
    ],
  },
  {
    url: 'silk-demi-cup-bra',
    title: 'Silk Demi Cup Bra',
    category: 'bras',
    metaDescription:
      'A silk demi cup bra with a lightly seamed cup, a low centre and a soft underwire. Effortless shape under low necklines.',
    description: blocks(
      [
        'description',
        'A lower-cut cousin of our balconette, with a softly seamed silk demi cup and a low centre gore for deep necklines. The underwire is fully encased in silk.',
      ],
      ['Fabric & Care', SILK_CARE],
      ['Fit', BRA_FIT],
    ),
    art: { shape: 'balconetteBra', fabric: 'silk' },
    pictureCount: 3,
    products: [{ type: 'bra', name: 'Bra', priceCents: 10500, colors: ['Ivory', 'Midnight Navy'] }],
    completeSet: ['silk-bikini-brief'],
    similarItems: ['silk-balconette-bra', 'tulle-longline-bra'],
  },
  {
    url: 'silk-bikini-brief',
    title: 'Silk Bikini Brief',
    category: 'pantiesandgarters',
    metaDescription:
      'A low-rise silk bikini brief with a covered waistband and a tiny silk bow. The match to our Silk Demi Cup Bra.',
    description: blocks(
      [
        'description',
        'A low-rise bikini in silk charmeuse, with a soft covered waistband and a tiny bow at the front. Pairs with the Silk Demi Cup Bra.',
      ],
      ['Fabric & Care', SILK_CARE],
      ['Fit', BRIEF_FIT],
    ),
    art: { shape: 'bikiniBrief', fabric: 'silk' },
    pictureCount: 2,
    products: [{ type: 'brief', name: 'Bikini Brief', priceCents: 4800, colors: ['Ivory', 'Midnight Navy'] }],
    completeSet: ['silk-demi-cup-bra'],
    similarItems: ['high-waist-silk-brief', 'silk-tanga-brief', 'velvet-bikini-brief'],
    reviews: [
      {
        title: 'Simple perfection',
        description: 'Silk against the skin every day feels like a small luxury. Navy is lovely.',
        rating: 5,
        authorName: 'Lucy P.',
      },
      {
        title: 'Good, size up',
        description: 'The elastic is quite firm. I went up one size and they are perfect now.',
        rating: 4,
        authorName: 'Sarah N.',
      },
    ],
  },
  {
    url: 'silk-camisole',
    title: 'Silk Camisole',
    category: 'clothing',
    metaDescription:
      'A silk camisole with a soft V-neck and fine adjustable straps, cut to skim the body. Wear it under a blazer or to bed.',
    description: blocks(
      [
        'description',
        'A wardrobe essential in washable silk: a soft V-neck, fine adjustable straps and a gently flared hem that skims the hips. Tuck it into trousers or wear it loose over our slip skirt.',
      ],
      ['Fabric & Care', SILK_CARE],
      ['Fit', 'Relaxed fit, hip length. Adjustable straps.'],
    ),
    art: { shape: 'camisole', fabric: 'silk' },
    pictureCount: 3,
    products: [
      { type: 'camisole', name: 'Camisole', priceCents: 8800, colors: ['Midnight Navy', 'Champagne', 'Black'] },
    ],
    completeSet: ['silk-midi-slip-skirt'],
    similarItems: ['satin-slip-dress', 'lace-trim-silk-chemise', 'silk-pajama-set'],
    reviews: [
      {
        title: 'Wear it everywhere',
        description: 'Under a suit to work, with jeans at the weekend. I bought it in two colours.',
        rating: 5,
        authorName: 'Ava R.',
      },
      {
        title: 'Great quality',
        description: 'Heavier silk than I expected, in a good way. Not see-through at all.',
        rating: 5,
        authorName: 'Nina S.',
      },
      {
        title: 'Straps a bit long',
        description: 'Even at the shortest setting the neckline is a touch low on me, but I still love it.',
        rating: 4,
        authorName: 'Kate W.',
      },
    ],
  },
  {
    url: 'silk-garter-belt',
    title: 'Silk Garter Belt',
    category: 'pantiesandgarters',
    metaDescription:
      'A silk garter belt with four adjustable suspenders and gold-tone clips, cut to sit at the waist. Pair it with sheer stockings.',
    description: blocks(
      [
        'description',
        'A wide silk garter belt that sits at the waist, with four adjustable suspenders and gold-tone clips. Wear it with sheer stockings, or simply over our high-waist brief.',
      ],
      ['Fabric & Care', SILK_CARE],
      ['Fit', 'Hook-and-eye closure at the back with three settings. Suspenders adjust in length.'],
    ),
    art: { shape: 'garterBelt', fabric: 'silk' },
    pictureCount: 3,
    products: [{ type: 'garter belt', name: 'Garter Belt', priceCents: 7800, colors: ['Black', 'Champagne'] }],
    completeSet: ['tulle-longline-bra'],
    similarItems: ['lace-suspender-belt', 'high-waist-silk-brief'],
  },
  {
    url: 'lace-soft-cup-bra',
    title: 'Lace Soft-Cup Bra',
    category: 'bras',
    metaDescription:
      'A wire-free soft-cup bra in floral lace with a fine band and a scalloped edge, lined at the cup for a little more coverage.',
    description: blocks(
      [
        'description',
        'All the romance of lace with a little more coverage: a wire-free triangle with a sheer lining at the cup and a scalloped edge. Soft enough to sleep in.',
      ],
      ['Fabric & Care', LACE_CARE],
      ['Fit', 'Wire-free, for cup sizes A to D. Adjustable straps; the band runs true to size.'],
    ),
    art: { shape: 'triangleBralette', fabric: 'lace' },
    pictureCount: 3,
    products: [{ type: 'bra', name: 'Soft-Cup Bra', priceCents: 7800, colors: ['Blush', 'Ivory'] }],
    completeSet: ['lace-french-knicker'],
    similarItems: ['lace-plunge-bralette', 'satin-triangle-bralette'],
  },
  {
    url: 'lace-french-knicker',
    title: 'Lace French Knicker',
    category: 'pantiesandgarters',
    metaDescription:
      'A loose French knicker in soft floral lace with a scalloped leg and a covered waistband. Matches the Lace Soft-Cup Bra.',
    description: blocks(
      [
        'description',
        'A flirty, loose-legged French knicker in floral lace, finished with scalloped hems and a soft covered waistband. Matches our Lace Soft-Cup Bra.',
      ],
      ['Fabric & Care', LACE_CARE],
      ['Fit', 'Relaxed through the leg. Take your usual size.'],
    ),
    art: { shape: 'frenchKnicker', fabric: 'lace' },
    pictureCount: 2,
    products: [{ type: 'knicker', name: 'French Knicker', priceCents: 6800, colors: ['Blush', 'Ivory'] }],
    completeSet: ['lace-soft-cup-bra'],
    similarItems: ['lace-cheeky-brief', 'tulle-high-leg-brief'],
    reviews: [
      {
        title: 'So pretty',
        description: 'They feel like wearing nothing. The blush colour is very flattering.',
        rating: 5,
        authorName: 'Ruby M.',
      },
      {
        title: 'Lovely for lounging',
        description: 'Pretty and comfortable, though they ride up a little under skirts.',
        rating: 4,
        authorName: 'Hazel T.',
      },
    ],
  },
  {
    url: 'silk-midi-slip-skirt',
    title: 'Silk Midi Slip Skirt',
    category: 'clothing',
    metaDescription:
      'A bias-cut silk midi slip skirt with a soft covered waistband. Wear it with a knit in winter and a camisole in summer.',
    description: blocks(
      [
        'description',
        'The skirt that goes with everything: bias-cut silk that falls to mid-calf, on a comfortable covered elastic waistband. Wear it with a chunky knit in winter and our camisole in summer.',
      ],
      ['Fabric & Care', SILK_CARE],
      ['Fit', 'Sits at the natural waist. Take your usual size.'],
    ),
    art: { shape: 'slipSkirt', fabric: 'silk' },
    pictureCount: 3,
    products: [{ type: 'skirt', name: 'Midi Skirt', priceCents: 14800, colors: ['Sage', 'Champagne'] }],
    completeSet: ['silk-camisole'],
    similarItems: ['satin-slip-dress', 'silk-camisole'],
  },
  {
    url: 'silk-bandeau-bra',
    title: 'Silk Bandeau Bra',
    category: 'bras',
    metaDescription:
      'A strapless silk bandeau with a twisted centre knot and silicone grip along the top edge. Made for open shoulders.',
    description: blocks(
      [
        'description',
        'A strapless silk bandeau, gathered at the centre by a twisted knot. A discreet silicone grip along the top edge keeps it in place under off-the-shoulder tops.',
      ],
      ['Fabric & Care', SILK_CARE],
      ['Fit', 'Lightly lined, wire-free, for cup sizes A to C. Take your usual band size.'],
    ),
    art: { shape: 'bandeau', fabric: 'silk' },
    pictureCount: 2,
    products: [{ type: 'bandeau', name: 'Bandeau', priceCents: 6800, colors: ['Ivory', 'Champagne'] }],
    completeSet: ['silk-tanga-brief'],
    similarItems: ['satin-triangle-bralette', 'lace-plunge-bralette'],
  },
  {
    url: 'silk-tanga-brief',
    title: 'Silk Tanga Brief',
    category: 'pantiesandgarters',
    metaDescription:
      'A silk tanga brief with fine sides and a half-coverage back, finished with gold-tone rings. Matches the Silk Bandeau Bra.',
    description: blocks(
      [
        'description',
        'Somewhere between a thong and a bikini: a silk tanga with fine sides and a half-coverage back. Gold-tone rings at the hips echo the hardware of our bras.',
      ],
      ['Fabric & Care', SILK_CARE],
      ['Fit', BRIEF_FIT],
    ),
    art: { shape: 'thong', fabric: 'silk' },
    pictureCount: 2,
    products: [{ type: 'tanga', name: 'Tanga', priceCents: 4400, colors: ['Ivory', 'Champagne'] }],
    completeSet: ['silk-bandeau-bra'],
    similarItems: ['satin-thong', 'silk-bikini-brief'],
  },
  {
    url: 'lace-trim-silk-chemise',
    title: 'Lace-Trim Silk Chemise',
    category: 'clothing',
    metaDescription:
      'A short silk chemise with a lace-trimmed neckline, fine straps and a softly flared hem. Nightwear that feels like a dress.',
    description: blocks(
      [
        'description',
        'A mid-thigh chemise in washable silk, with fine lace at the neckline and a softly flared hem. Nightwear that feels like getting dressed up.',
      ],
      ['Fabric & Care', `${SILK_CARE} Lace trim: 88% nylon, 12% elastane.`],
      ['Fit', 'Relaxed fit. Adjustable straps.'],
    ),
    art: { shape: 'slipDress', fabric: 'silk' },
    pictureCount: 3,
    products: [{ type: 'chemise', name: 'Chemise', priceCents: 13800, colors: ['Blush', 'Black'] }],
    completeSet: ['silk-kimono-robe'],
    similarItems: ['satin-slip-dress', 'silk-camisole'],
    reviews: [
      {
        title: 'Feels so special',
        description:
          'I bought this for my honeymoon and have worn it constantly since. The lace is delicate but holding up well.',
        rating: 5,
        authorName: 'Alice D.',
      },
      {
        title: 'Pretty',
        description: 'Lovely piece. It is shorter than I expected on me (5\'10").',
        rating: 4,
        authorName: 'Megan F.',
      },
    ],
  },
  {
    url: 'tulle-high-leg-brief',
    title: 'Tulle High-Leg Brief',
    category: 'pantiesandgarters',
    metaDescription:
      'A sheer tulle brief with a high leg and a high waist, finished with satin binding. The match to our Tulle Longline Bra.',
    description: blocks(
      [
        'description',
        'Sheer stretch tulle in a high-waisted, high-leg cut that lengthens the legs. Finished with satin binding to match our Tulle Longline Bra.',
      ],
      ['Fabric & Care', TULLE_CARE],
      ['Fit', BRIEF_FIT],
    ),
    art: { shape: 'highWaistBrief', fabric: 'tulle' },
    pictureCount: 2,
    products: [{ type: 'brief', name: 'High-Leg Brief', priceCents: 5200, colors: ['Sage', 'Black'] }],
    completeSet: ['tulle-longline-bra'],
    similarItems: ['high-waist-silk-brief', 'lace-french-knicker'],
  },
  {
    url: 'lace-suspender-belt',
    title: 'Lace Suspender Belt',
    category: 'pantiesandgarters',
    metaDescription:
      'A floral lace suspender belt with a scalloped hem, four adjustable straps and gold-tone clips. The romantic finishing touch.',
    description: blocks(
      [
        'description',
        'A romantic suspender belt in floral lace with a scalloped hem and four adjustable straps. Team it with the Lace Plunge Bralette and sheer stockings.',
      ],
      ['Fabric & Care', LACE_CARE],
      ['Fit', 'Hook-and-eye closure with three settings. Straps adjust in length.'],
    ),
    art: { shape: 'garterBelt', fabric: 'lace' },
    pictureCount: 2,
    products: [{ type: 'garter belt', name: 'Suspender Belt', priceCents: 8400, colors: ['Black', 'Ivory'] }],
    completeSet: ['lace-plunge-bralette'],
    similarItems: ['silk-garter-belt', 'lace-cheeky-brief'],
    reviews: [
      {
        title: 'Beautiful detail',
        description: 'The scalloped edge is gorgeous and the clips hold stockings securely all evening.',
        rating: 5,
        authorName: 'Charlotte B.',
      },
      {
        title: 'Runs a little small',
        description: 'Pretty, but I needed the loosest hook. Would size up next time.',
        rating: 4,
        authorName: 'Imogen R.',
      },
    ],
  },
  {
    url: 'velvet-balconette-bra',
    title: 'Velvet Balconette Bra',
    category: 'bras',
    metaDescription:
      'A limited-edition silk velvet balconette in deep bordeaux with seamed cups and gold-tone hardware. Final sale.',
    description: blocks(
      [
        'description',
        'Our balconette in a limited run of silk velvet, dyed a deep bordeaux for the winter season. Plush to the touch, with seamed cups and gold-tone hardware. Once it is gone, it is gone.',
      ],
      [
        'Fabric & Care',
        'Silk-rayon velvet (18% silk, 82% viscose) lined with silk. Dry clean or hand wash very gently in cold water; do not wring or iron.',
      ],
      ['Fit', BRA_FIT],
    ),
    art: { shape: 'balconetteBra', fabric: 'velvet' },
    pictureCount: 3,
    products: [{ type: 'bra', name: 'Bra', priceCents: 9200, colors: ['Bordeaux'] }],
    isFinalSale: true,
    soldOut: true,
    completeSet: ['velvet-bikini-brief'],
    similarItems: ['silk-balconette-bra', 'tulle-longline-bra'],
    reviews: [
      {
        title: 'Stunning colour',
        description:
          'So glad I got one before it sold out. The velvet is plush and the fit is the same as the silk balconette.',
        rating: 5,
        authorName: 'Georgia L.',
      },
      {
        title: 'Please restock!',
        description: 'Bought it for the holidays and I want another one. Gorgeous.',
        rating: 5,
        authorName: 'Holly S.',
      },
    ],
  },
  {
    url: 'velvet-bikini-brief',
    title: 'Velvet Bikini Brief',
    category: 'pantiesandgarters',
    metaDescription:
      'A limited-edition silk velvet bikini brief in deep bordeaux with a silk-lined gusset. Matches the Velvet Balconette Bra. Final sale.',
    description: blocks(
      [
        'description',
        'A low-rise bikini in plush silk velvet, lined with silk and dyed a deep bordeaux. Matches our limited-edition Velvet Balconette Bra.',
      ],
      [
        'Fabric & Care',
        'Silk-rayon velvet (18% silk, 82% viscose), silk gusset. Hand wash very gently in cold water; do not wring or iron.',
      ],
      ['Fit', BRIEF_FIT],
    ),
    art: { shape: 'bikiniBrief', fabric: 'velvet' },
    pictureCount: 2,
    products: [{ type: 'brief', name: 'Bikini Brief', priceCents: 4800, colors: ['Bordeaux'] }],
    isFinalSale: true,
    completeSet: ['velvet-balconette-bra'],
    similarItems: ['silk-bikini-brief', 'high-waist-silk-brief'],
  },
  {
    url: 'mesh-triangle-bralette',
    title: 'Mesh Triangle Bralette',
    category: 'bras',
    metaDescription: 'A sheer mesh triangle bralette with satin binding and adjustable straps. Coming soon.',
    description: blocks(
      [
        'description',
        'A featherlight triangle in sheer stretch mesh, bound in satin, for the warmest days of summer. Coming soon.',
      ],
      ['Fabric & Care', TULLE_CARE],
      ['Fit', 'Wire-free, for cup sizes A to C.'],
    ),
    art: { shape: 'triangleBralette', fabric: 'tulle' },
    pictureCount: 2,
    products: [{ type: 'bralette', name: 'Bralette', priceCents: 5800, colors: ['Powder Blue', 'Black'] }],
    published: false,
    completeSet: [],
    similarItems: ['satin-triangle-bralette', 'lace-plunge-bralette'],
  },
];

/** The colour a picture shows: the first two shots show the first colour, later ones the others. */
export function pictureColor(item: DemoItem, index: number): DemoColorName {
  const colors = item.products[0]!.colors;
  return index < 2 ? colors[0]! : (colors[index - 1] ?? colors[0]!);
}

export function demoGarment(item: DemoItem, color: DemoColorName): Garment {
  return { ...item.art, color: DEMO_COLORS[color] };
}

/**
 * Stock per product type × colour × size, deterministic so the demo looks the same on every
 * machine: mostly 1-12 pieces, with about one size in nine sold out.
 */
export function demoStock(item: DemoItem, type: string, color: string, size: string): number {
  if (item.soldOut) return 0;
  let h = 2166136261;
  for (const ch of `${item.url}|${type}|${color}|${size}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  h >>>= 0;
  return h % 9 === 0 ? 0 : 1 + ((h >>> 8) % 12);
}

// ---------- reviews-free content: info pages ----------

export const DEMO_INFO_PAGES: readonly { pageName: string; title: string; text: string }[] = [
  {
    pageName: 'shipping-returns',
    title: 'Shipping & Returns',
    text: `## Shipping

Every order is packed by hand in our studio in tissue and a reusable cotton pouch, and leaves the studio within 1–2 business days. Delivery then takes:

- **Standard** (US): 3–5 business days. **Free on orders of $100 or more**; orders under $100 ship for a flat $8.
- **Express** (US): 1–2 business days.
- **Overnight** (US): the next business day.
- **International**: 7–14 business days to most countries. **Free on orders of $300 or more.**
- **International Express**: 3–5 business days.

Rates for each option are shown at checkout. International orders may be subject to import duties and taxes, which are collected by the carrier on delivery and are the customer's responsibility.

As soon as your order leaves the studio you will receive an email with a tracking number.

## Returns

We want you to love what you wear. If something is not quite right, you can return it within **30 days of delivery**.

- Items must be **unworn, unwashed and with all original tags attached**. For hygiene reasons, briefs, thongs and bodysuits must also have the hygiene liner intact.
- **Final-sale items cannot be returned or exchanged.** They are clearly marked on the product page.
- Refunds are issued to the original payment method, or as store credit if you prefer, within 5 business days of your return arriving at our studio.

## How to start a return

1. Go to [Start a return](/return-form) and enter your order number.
2. Select the items you would like to send back and submit the request.
3. We will email you a prepaid return label (US) or return instructions (international) to the address on your order.

Questions? Write to us at care@murashki.shop and we will be happy to help.`,
  },
  {
    pageName: 'faq',
    title: 'Frequently Asked Questions',
    text: `## Sizing

**How do I find my size?**
Our bras and briefs come in XS, S, M and L. Take your under-bust and full-bust measurements with a soft tape and compare them with our [sizing guide](/sizing-guide), which also lists the cup sizes each size corresponds to. If you are between sizes, we recommend sizing up in the band.

**Do your pieces run true to size?**
Yes. Where a style runs small or large we say so in the **Fit** section of the product page, and our customer reviews are a great guide too.

## Care

**How do I wash silk?**
Hand wash in cold water with a gentle silk or wool detergent, or machine wash in a mesh bag on a cold delicate cycle. Roll the piece in a towel to remove excess water and dry it flat, away from direct sun. Never wring or tumble dry.

**Will the lace pull or snag?**
Our lace is durable but delicate. Fasten hooks before washing, wash in a mesh bag and keep away from Velcro.

## Shipping and returns

**How long does shipping take?**
Orders leave our studio within 1–2 business days. In the US, Standard delivery then takes 3–5 business days, Express 1–2 business days and Overnight the next business day; international delivery takes 7–14 business days, or 3–5 business days with International Express. US shipping is free on orders of $100 or more, and international shipping is free on orders of $300 or more.

**What is your return policy?**
You can return unworn items with their tags within 30 days of delivery. Final-sale items cannot be returned. Start a return on our [returns page](/return-form). Read the full policy on our [Shipping & Returns](/info/shipping-returns) page.

## Gift cards and offers

**Do you sell gift cards?**
Yes — [digital gift cards](/gift-card) from $50 to $500 are delivered by email with your personal message on the day you choose, and never expire. Redeem one in the "Gift Card or Promo" box at checkout.

**Is there a discount for signing up to the newsletter?**
Yes! Subscribe to our newsletter at the bottom of any page and we will email you a code for **15% off your first order**. We write about twice a month: new arrivals, restocks and the occasional private sale. You can unsubscribe at any time.

**What is Give $20, Get $20?**
Share the love: send a friend $20 off their next set, and when they complete their first purchase, we will send you $20 too.

## Stock

**An item I love is sold out. Will it come back?**
Most of our colours are restocked regularly. Choose your size and click **Get notified**, and we will email you as soon as it is back.`,
  },
  {
    pageName: 'terms',
    title: 'Terms of Service',
    text: `_Last updated: January 2025_

These Terms of Service govern your use of the Murashki website and the purchase of products from it. Murashki is a small independent lingerie and clothing brand based in the United States. By using this site or placing an order, you agree to these terms.

## Orders

All orders are subject to acceptance and availability. We reserve the right to refuse or cancel an order, for example if a product is out of stock, if there is an error in the price or description, or if we suspect fraud. If we cancel an order after you have been charged, we will refund you in full.

## Prices and payment

Prices are shown in US dollars and include applicable discounts but not shipping or sales tax, which are calculated at checkout. We accept major credit and debit cards and PayPal. Payment is taken when you place your order.

## Promotions and gift cards

Promo codes cannot be combined unless stated otherwise, have no cash value and may expire. Gift cards are redeemable for merchandise on this website only and cannot be exchanged for cash, except where required by law.

## Shipping, returns and final sale

Our shipping and return policies are described on the [Shipping & Returns](/info/shipping-returns) page and form part of these terms. Items marked **final sale** cannot be returned or exchanged.

## Intellectual property

All content on this site — including photographs, text, graphics and the Murashki name and logo — belongs to Murashki or its licensors and may not be used without our written permission.

## Limitation of liability

To the fullest extent permitted by law, Murashki is not liable for any indirect or consequential loss arising from your use of the site or our products. Nothing in these terms limits your rights as a consumer under applicable law.

## Governing law

These terms are governed by the laws of the State of New York, without regard to its conflict-of-law rules.

## Contact

Questions about these terms? Email us at care@murashki.shop.`,
  },
  {
    pageName: 'privacy-policy',
    title: 'Privacy Policy',
    text: `_Last updated: January 2025_

Murashki respects your privacy. This policy explains what personal information we collect when you visit our website or shop with us, how we use it, and the choices you have.

## What we collect

- **Order information:** your name, shipping and billing address, email address and phone number, and the items you buy.
- **Payment information:** card payments are processed by our payment providers. We never see or store your full card number.
- **Newsletter and notifications:** your email address, if you subscribe to our newsletter or ask to be notified when an item is back in stock.
- **Browsing information:** a session cookie that keeps your shopping bag, and basic technical information such as your browser type.

## How we use it

We use your information to process and ship your orders, handle returns, answer your questions, send the newsletter you signed up for and improve our website. We do not sell your personal information.

## Sharing

We share information only with the service providers who help us run the shop — payment processors, shipping carriers and our email provider — and only as much as they need to do their job, or when required by law.

## Cookies

We use a small number of essential cookies to keep you signed in to your bag and to remember your preferences, such as whether you have already seen our newsletter offer.

## Your choices

You can unsubscribe from our emails at any time using the link at the bottom of every newsletter. You can ask us to access, correct or delete your personal information by writing to care@murashki.shop. California residents have additional rights under the CCPA, which we honour for all our customers.

## Retention

We keep order records for as long as needed for accounting and tax purposes, and newsletter data until you unsubscribe.

## Contact

If you have any questions about this policy, please email care@murashki.shop.`,
  },
  {
    pageName: 'story',
    title: 'Our Story',
    text: `## Made to give you goosebumps

_Murashki_ is the Russian word for the shiver of goosebumps you feel when something is beautiful — a piece of music, a first touch of silk against the skin. That feeling is what we design for.

Murashki began in 2019 at a kitchen table in Brooklyn, with a roll of mulberry silk, an old sewing machine and a simple frustration: lingerie was either beautiful or comfortable, and rarely both. Our founder, a pattern cutter who had spent a decade in bridal ateliers, set out to make pieces that felt as good at the end of the day as they looked at the start of it.

## Slowly, and in small batches

We still work the same way. Every style is drafted, fitted and refined in our studio before it goes into production with a family-run workshop we have known for years. We cut in small batches, so nothing is made that will not be worn, and we restock the colours you love rather than chasing a new collection every season.

## Materials we believe in

We use mulberry silk, Leavers-style lace, fine stretch tulle and grade-A cashmere — natural, long-lasting fabrics chosen for how they feel on the skin. Our dyes are low-impact, our packaging is recyclable, and every order is wrapped by hand in tissue and a reusable cotton pouch.

## For every body

Our pieces are designed on real bodies, with real feedback. We would love to hear yours: share your Murashki moment with **#MurashkiGirls**, or write to us any time at care@murashki.shop.`,
  },
];

// ---------- the home page ----------

export { HOME_SETTING_KEY, type HomeContent } from '../../../contract/content.js';

const GIRLS: readonly { url: string; handle: string; color: DemoColorName }[] = [
  { url: 'satin-slip-dress', handle: '@claire.in.bloom', color: 'Champagne' },
  { url: 'silk-balconette-bra', handle: '@soft.mornings', color: 'Dusty Rose' },
  { url: 'silk-kimono-robe', handle: '@marguerite.b', color: 'Mauve' },
  { url: 'lace-plunge-bralette', handle: '@juliaonsunday', color: 'Black' },
  { url: 'cashmere-lounge-cardigan', handle: '@thelinenroom', color: 'Oatmeal' },
  { url: 'silk-pajama-set', handle: '@noor.wears', color: 'Powder Blue' },
  { url: 'silk-camisole', handle: '@camille_a_paris', color: 'Midnight Navy' },
  { url: 'high-waist-silk-brief', handle: '@slowsundays.studio', color: 'Champagne' },
];

export const DEMO_HOME: HomeContent = {
  banners: [
    {
      desktop: demoPicture('banner-1-desktop'),
      mobile: demoPicture('banner-1-mobile'),
      alt: 'A champagne silk slip dress on a gold hanger against blush draped silk',
      ...DEFAULT_BANNER_TEXT,
    },
    {
      desktop: demoPicture('banner-2-desktop'),
      mobile: demoPicture('banner-2-mobile'),
      alt: 'A black lace bralette and matching brief laid on soft linen',
      ...DEFAULT_BANNER_TEXT,
    },
  ],
  effortlesslyChic: [
    { picture: itemPicture('satin-slip-dress', 3), url: 'satin-slip-dress', title: 'Satin Slip Dress' },
    { picture: itemPicture('silk-kimono-robe', 2), url: 'silk-kimono-robe', title: 'Silk Kimono Robe' },
    {
      picture: itemPicture('cashmere-lounge-cardigan', 2),
      url: 'cashmere-lounge-cardigan',
      title: 'Cashmere Lounge Cardigan',
    },
  ],
  girls: GIRLS.map((g, i) => ({ picture: demoPicture(`murashki-girls-${i + 1}`), url: g.url, handle: g.handle })),
  categoryTiles: [
    { key: 'clothing', label: 'CLOTHING', picture: demoPicture('category-clothing') },
    { key: 'bras', label: 'BRAS', picture: demoPicture('category-bras') },
    { key: 'pantiesandgarters', label: 'PANTIES', picture: demoPicture('category-pantiesandgarters') },
  ],
  story: [demoPicture('story-1'), demoPicture('story-2'), demoPicture('story-3')],
  // Empty: /story shows the demo's 'story' info page.
  storyPage: { title: '', text: '' },
  announcements: [...DEFAULT_ANNOUNCEMENTS],
};

/** What the non-product pictures of the home page show (used by the generator). */
export const DEMO_HOME_ART = {
  banners: [
    { garments: [{ shape: 'slipDress', fabric: 'satin', color: DEMO_COLORS.Champagne }] },
    {
      garments: [
        { shape: 'plungeBra', fabric: 'lace', color: DEMO_COLORS.Black },
        { shape: 'bikiniBrief', fabric: 'lace', color: DEMO_COLORS.Black },
      ],
    },
  ] satisfies { garments: Garment[] }[],
  girls: GIRLS,
  categoryTiles: {
    clothing: { garment: { shape: 'slipDress', fabric: 'satin', color: DEMO_COLORS.Sage }, background: '#e8d6cc' },
    bras: {
      garment: { shape: 'balconetteBra', fabric: 'silk', color: DEMO_COLORS['Dusty Rose'] },
      background: '#eadfd3',
    },
    pantiesandgarters: {
      garment: { shape: 'highWaistBrief', fabric: 'silk', color: DEMO_COLORS.Champagne },
      background: '#c9b4a6',
    },
  } satisfies Record<DemoCategoryKey, { garment: Garment; background: string }>,
  story: [
    { garments: [{ shape: 'slipDress', fabric: 'silk', color: '#d8b4a6' }] },
    {
      garments: (['Champagne', 'Dusty Rose', 'Sage', 'Midnight Navy'] as const).map(
        (c): Garment => ({ shape: 'slipDress', fabric: 'silk', color: DEMO_COLORS[c] }),
      ),
    },
    { garments: [{ shape: 'slipDress', fabric: 'satin', color: DEMO_COLORS.Blush }] },
  ] satisfies { garments: Garment[] }[],
};

// ---------- the campaign promotion ----------

export const DEMO_PROMOTION = {
  code: 'WELCOME10',
  type: 'percentage',
  /** 0.9: 10% off. */
  rateBasisPoints: 9000,
  kind: 'campaign',
  payoutCents: 500,
  /** The promoter's "Performance access pass" for /promo-performance. */
  password: 'promoter-pass',
} as const;
