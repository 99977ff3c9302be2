// Draws the promo popup's two pictures with the demo artwork (src/demo/pictures.ts) and
// writes them under src/web/assets/: a portrait for the popup's side (wide windows) and a landscape
// band for its top (450 px and below, spec §9). Run once: `node --import tsx scripts/make-promo-pictures.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_COLORS } from '../src/server/db/seed/demo-catalog.js';
import { fileOf, generatePictures, type PictureJob } from '../src/demo/pictures.js';

const jobs: PictureJob[] = [
  {
    path: '/uploads/promo/wide.jpg',
    art: {
      kind: 'categoryTile',
      garment: { shape: 'slipDress', fabric: 'silk', color: DEMO_COLORS.Blush },
      background: '#e9d9cf',
    },
  },
  {
    path: '/uploads/promo/narrow.jpg',
    art: {
      kind: 'banner',
      format: 'desktop',
      variant: 2,
      garments: [
        { shape: 'balconetteBra', fabric: 'silk', color: DEMO_COLORS.Blush },
        { shape: 'highWaistBrief', fabric: 'silk', color: DEMO_COLORS.Blush },
      ],
    },
  },
];

const out = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'src', 'web', 'assets');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'promo-art-'));
try {
  await generatePictures(tmp, jobs);
  const jpeg = { quality: 78, progressive: true, mozjpeg: true } as const;
  await sharp(fileOf(tmp, jobs[0]!.path)).resize(600, 800).jpeg(jpeg).toFile(path.join(out, 'promo-wide.jpg'));
  // The banner's right part, where the garments hang, as a 3:2 band.
  await sharp(fileOf(tmp, jobs[1]!.path))
    .extract({ left: 600, top: 0, width: 1800, height: 1200 })
    .resize(900, 600)
    .jpeg(jpeg)
    .toFile(path.join(out, 'promo-narrow.jpg'));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
