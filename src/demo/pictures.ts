// Demo artwork drawn as SVG and rendered by sharp, so a fresh demo shop looks finished
// without shipping photographs in the repository or downloading anything at boot.
// Demo content, not the shop: the seed (src/server/db/seed/seed-demo.ts) draws the pictures a
// DATA_DIR lacks at boot, and scripts/make-promo-pictures.ts draws the promo popup's two.
import { previewOf, smallOf } from '../domain/pictures.js';
import { existsSync, mkdirSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

type JpegOptions = NonNullable<Parameters<ReturnType<typeof sharp>['jpeg']>[0]>;

export type GarmentShape =
  | 'balconetteBra'
  | 'plungeBra'
  | 'triangleBralette'
  | 'longlineBra'
  | 'bandeau'
  | 'highWaistBrief'
  | 'bikiniBrief'
  | 'thong'
  | 'frenchKnicker'
  | 'garterBelt'
  | 'slipDress'
  | 'camisole'
  | 'slipSkirt'
  | 'kimonoRobe'
  | 'cardigan'
  | 'pajamaSet';

export type Fabric = 'silk' | 'satin' | 'lace' | 'tulle' | 'cashmere' | 'velvet' | 'modal';

export type Garment = { shape: GarmentShape; fabric: Fabric; color: string; trim?: string };

export type Artwork =
  | { kind: 'product'; garment: Garment; variant: number }
  | { kind: 'banner'; format: 'desktop' | 'mobile'; variant: number; garments: Garment[] }
  | { kind: 'girl'; garment: Garment; variant: number }
  | { kind: 'categoryTile'; garment: Garment; background: string }
  | { kind: 'story'; variant: number; garments: Garment[] };

/** `path` is the web path (/uploads/demo/x.jpg); the file lands at <uploadsDir>/demo/x.jpg. */
export type PictureJob = { path: string; art: Artwork };

export const previewPathOf = previewOf;
export const smallPathOf = smallOf;

/** Maps a web path under /uploads/ to the file under uploadsDir. */
export function fileOf(uploadsDir: string, webPath: string): string {
  if (!webPath.startsWith('/uploads/')) throw new Error(`not an uploads path: ${webPath}`);
  return path.join(uploadsDir, ...webPath.slice('/uploads/'.length).split('/'));
}

export function canvasSize(art: Artwork): { width: number; height: number } {
  switch (art.kind) {
    case 'product':
      return { width: 1200, height: 1800 };
    case 'banner':
      return art.format === 'desktop' ? { width: 2400, height: 1200 } : { width: 1080, height: 1600 };
    case 'girl':
      return { width: 800, height: 1000 };
    case 'categoryTile':
      return { width: 900, height: 1200 };
    case 'story':
      return { width: 1200, height: 900 };
  }
}

export type GenerationReport = { written: number; skipped: number; ms: number };

/**
 * Renders every job whose main, preview or small file is missing. Files that exist are left alone,
 * so a second boot with SEED=demo costs only a few stat calls.
 */
export async function generatePictures(
  uploadsDir: string,
  jobs: readonly PictureJob[],
  options: { concurrency?: number } = {},
): Promise<GenerationReport> {
  const started = performance.now();
  const pending = jobs.filter(
    (job) =>
      !existsSync(fileOf(uploadsDir, job.path)) ||
      !existsSync(fileOf(uploadsDir, previewPathOf(job.path))) ||
      !existsSync(fileOf(uploadsDir, smallPathOf(job.path))),
  );
  if (pending.length > 0) {
    let next = 0;
    const worker = async () => {
      while (next < pending.length) {
        const job = pending[next++]!;
        await renderJob(uploadsDir, job);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  }
  return {
    written: pending.length,
    skipped: jobs.length - pending.length,
    ms: Math.round(performance.now() - started),
  };
}

// mozjpeg's quantisation tables and progressive scans, without its trellis pass: nearly the same
// bytes as `mozjpeg: true` at a third of the time, which matters with ~90 pictures on a cold boot.
const JPEG: JpegOptions = { quality: 82, progressive: true, quantisationTable: 3, optimiseCoding: true };

async function renderJob(uploadsDir: string, job: PictureJob) {
  const { width, height } = canvasSize(job.art);
  const main = fileOf(uploadsDir, job.path);
  mkdirSync(path.dirname(main), { recursive: true });
  const svg = artworkSvg(job.art, job.path);
  const [back, front, grain] = await Promise.all([
    sharp(Buffer.from(svg.back)).removeAlpha().raw().toBuffer({ resolveWithObject: true }),
    sharp(Buffer.from(svg.front)).raw().toBuffer({ resolveWithObject: true }),
    grainFor(width, height),
  ]);
  // Upscale the soft layer as raw pixels: resizing the SVG itself would make libvips re-render it big.
  const backFull = await sharp(back.data, { raw: back.info })
    .resize(width, height, { kernel: 'linear' })
    .raw()
    .toBuffer();
  const { data, info } = await sharp(backFull, { raw: { width, height, channels: back.info.channels } })
    .composite([
      { input: front.data, raw: front.info, blend: 'over' },
      { input: grain, raw: { width, height, channels: 3 }, blend: 'overlay' },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The three sizes are cut from the same pixels.
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const smallWidth = 20;
  const smallHeight = Math.max(1, Math.round((height / width) * smallWidth));
  await Promise.all([
    writeAtomically(main, sharp(data, raw).jpeg(JPEG)),
    writeAtomically(
      fileOf(uploadsDir, previewPathOf(job.path)),
      sharp(data, raw)
        .resize(Math.round(width / 2), Math.round(height / 2))
        .jpeg({ ...JPEG, quality: 80 }),
    ),
    writeAtomically(
      fileOf(uploadsDir, smallPathOf(job.path)),
      sharp(data, raw).resize(smallWidth, smallHeight).blur(1.2).jpeg({ quality: 60 }),
    ),
  ]);
}

// Existing files are trusted on the next run, so a file must never exist half-written.
async function writeAtomically(file: string, image: ReturnType<typeof sharp>) {
  const temp = `${file}.${process.pid}.tmp`;
  await image.toFile(temp);
  await rename(temp, file);
}

// Photographic grain, blended over every picture: flat vector fills read as "clip art", a little
// noise makes them read as fabric under studio light. One buffer per canvas size, reused.
const grainCache = new Map<string, Promise<Buffer>>();
function grainFor(width: number, height: number): Promise<Buffer> {
  const key = `${width}x${height}`;
  let grain = grainCache.get(key);
  if (!grain) {
    grain = sharp({
      create: {
        width,
        height,
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 9 },
      },
    })
      .raw()
      .toBuffer();
    grainCache.set(key, grain);
  }
  return grain;
}

// ---------- colour ----------

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  const n = Number.parseInt(full, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return hexOf([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

// Shadows go towards a warm umber and lights towards a warm white, never to pure black or white,
// which keeps the palette soft.
const lighten = (c: string, t: number) => mix(c, '#fff9f4', t);
const darken = (c: string, t: number) => mix(c, '#24160f', t);

function luminance(c: string): number {
  const [r, g, b] = rgbOf(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

// ---------- deterministic randomness ----------

function rng(seedText: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seedText.length; i++) h = Math.imul(h ^ seedText.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

// ---------- garments ----------
// Each garment is drawn in its own 1200×1800 space, centred on x = 600, and placed by a transform.

const MIRROR = 'matrix(-1 0 0 1 1200 0)';

type Part = { d: string; mirror?: boolean; tone?: 'body' | 'band' | 'contrast' };
type Line = { d: string; mirror?: boolean; width?: number };
type Shape = {
  parts: Part[];
  straps: Line[];
  seams: Line[];
  /** Edges that get the trim treatment (binding, or scallops on lace). */
  edges: Line[];
  /** Long garments get soft vertical folds. */
  folds?: { x: number; top: number; bottom: number; sway: number }[];
  hardware?: string;
  /** Point (garment space) the close-up shot centres on. */
  focus: { x: number; y: number };
  /** Centre of the whole garment and the scale at which it fills a 1200×1800 frame nicely. */
  frame: { x: number; y: number; scale: number };
  hanger?: 'bar' | 'shoulders';
};

const GOLD = '#c8a66a';

function ring(x: number, y: number, r = 10) {
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${r}" fill="none" stroke="${GOLD}" stroke-width="4.5"/><circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.4)}" r="${f(r * 0.35)}" fill="#fff6e6" opacity="0.55"/>`;
}

function slider(x: number, y: number, angle: number) {
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)})"><rect x="-13" y="-7" width="26" height="14" rx="4" fill="none" stroke="${GOLD}" stroke-width="4"/><line x1="0" y1="-7" x2="0" y2="7" stroke="${GOLD}" stroke-width="3"/></g>`;
}

function bow(x: number, y: number, color: string, scale = 1) {
  const c = lighten(color, 0.15);
  const d = darken(color, 0.25);
  return `<g transform="translate(${f(x)} ${f(y)}) scale(${scale})">
<path d="M0 0 C -10 -14 -30 -18 -32 -4 C -33 8 -14 8 0 0 Z" fill="${c}" stroke="${d}" stroke-width="1.5"/>
<path d="M0 0 C 10 -14 30 -18 32 -4 C 33 8 14 8 0 0 Z" fill="${c}" stroke="${d}" stroke-width="1.5"/>
<path d="M-2 2 L -12 26 M 2 2 L 12 26" stroke="${c}" stroke-width="4" stroke-linecap="round"/>
<circle r="5" fill="${d}"/></g>`;
}

function braCups(
  kind: 'balconette' | 'plunge' | 'triangle',
  hung: boolean,
): Pick<Shape, 'parts' | 'straps' | 'seams' | 'edges' | 'hardware'> & { apex: { x: number; y: number } } {
  let cup: string;
  let top: string;
  let seam: string;
  let apex: { x: number; y: number };
  if (kind === 'balconette') {
    cup = 'M 600 1004 C 520 1052 345 1052 262 988 C 252 930 272 850 318 800 C 410 800 520 842 586 902 Z';
    top = 'M 318 800 C 410 800 520 842 586 902';
    seam = 'M 430 1040 C 420 960 424 880 446 818';
    apex = { x: 322, y: 804 };
  } else if (kind === 'plunge') {
    cup = 'M 600 1008 C 520 1052 345 1052 262 988 C 256 900 292 800 352 722 C 430 800 540 930 596 1000 Z';
    top = 'M 352 722 C 430 800 540 930 596 1000';
    seam = 'M 420 1040 C 405 950 392 850 370 760';
    apex = { x: 354, y: 726 };
  } else {
    cup = 'M 596 1000 C 480 1012 350 1008 268 990 C 300 890 350 790 408 704 C 470 790 548 900 596 1000 Z';
    top = 'M 408 704 C 470 790 548 900 596 1000';
    seam = 'M 430 1004 C 425 900 418 800 410 720';
    apex = { x: 408, y: 706 };
  }
  const strap = hung
    ? `M ${apex.x} ${apex.y} C ${apex.x + 20} ${apex.y - 160} ${apex.x + 90} ${apex.y - 330} 454 332`
    : `M ${apex.x} ${apex.y} C ${apex.x - 10} ${apex.y - 120} ${apex.x + 30} ${apex.y - 230} ${apex.x + 95} ${apex.y - 300}`;
  const sliderAt = hung ? { x: apex.x + 52, y: apex.y - 200, a: 70 } : { x: apex.x + 8, y: apex.y - 150, a: 95 };
  return {
    apex,
    parts: [
      { d: cup, mirror: false },
      { d: cup, mirror: true },
    ],
    straps: [
      { d: strap, width: 12 },
      { d: strap, width: 12, mirror: true },
    ],
    seams: [{ d: seam }, { d: seam, mirror: true }],
    edges: [{ d: top }, { d: top, mirror: true }],
    hardware:
      ring(apex.x, apex.y) +
      ring(1200 - apex.x, apex.y) +
      slider(sliderAt.x, sliderAt.y, sliderAt.a) +
      slider(1200 - sliderAt.x, sliderAt.y, 180 - sliderAt.a),
  };
}

function braBand(depth: number): Part[] {
  const bottom = 1036 + depth;
  const d = `M 600 1000 C 520 1044 340 1040 236 976 L 234 ${bottom} C 340 ${bottom + 52} 520 ${bottom + 56} 600 ${bottom + 30} Z`;
  return [
    { d, tone: 'band' },
    { d, tone: 'band', mirror: true },
  ];
}

function shapeOf(g: Garment, hung: boolean): Shape {
  switch (g.shape) {
    case 'balconetteBra':
    case 'plungeBra':
    case 'triangleBralette':
    case 'longlineBra': {
      const kind = g.shape === 'plungeBra' ? 'plunge' : g.shape === 'triangleBralette' ? 'triangle' : 'balconette';
      const cups = braCups(kind, hung);
      const depth = g.shape === 'longlineBra' ? 120 : g.shape === 'triangleBralette' ? -10 : 0;
      const boning =
        g.shape === 'longlineBra'
          ? [330, 450].map((x) => ({
              d: `M ${x} ${1040 + (x === 330 ? 0 : 20)} L ${x + 4} ${1150 + (x === 330 ? 10 : 40)}`,
            }))
          : [];
      return {
        parts: [...braBand(depth), ...cups.parts],
        straps: cups.straps,
        seams: [...cups.seams, ...boning, ...boning.map((b) => ({ ...b, mirror: true }))],
        edges: cups.edges,
        hardware: cups.hardware + (g.shape === 'triangleBralette' ? '' : bow(600, 918, g.color, 0.9)),
        focus: { x: 600, y: 900 },
        frame: { x: 600, y: (hung ? 700 : 770) + depth / 2, scale: hung ? 1.12 : 1.22 },
        hanger: hung ? 'bar' : undefined,
      };
    }
    case 'bandeau': {
      // Pinched at the centre by a twisted knot, with gathers running out to the sides.
      const body = 'M 600 880 C 520 868 400 820 250 826 C 238 900 238 980 252 1046 C 400 1040 520 1012 600 1008 Z';
      const gathers = [
        'M 566 892 C 520 878 470 862 410 850',
        'M 566 944 C 520 942 470 940 396 942',
        'M 566 996 C 520 1004 470 1016 410 1030',
      ];
      return {
        parts: [{ d: body }, { d: body, mirror: true }],
        straps: [],
        seams: [...gathers.map((d) => ({ d })), ...gathers.map((d) => ({ d, mirror: true }))],
        edges: [
          { d: 'M 600 880 C 520 868 400 820 250 826' },
          { d: 'M 600 880 C 520 868 400 820 250 826', mirror: true },
        ],
        hardware: `<path d="M 572 864 C 556 920 556 980 574 1030 L 626 1030 C 644 980 644 920 628 864 Z" fill="${darken(g.color, 0.1)}"/><path d="M 580 870 C 600 920 596 980 584 1024" fill="none" stroke="${lighten(g.color, 0.5)}" stroke-width="6" opacity="0.55"/><path d="M 616 870 C 606 930 610 990 620 1026" fill="none" stroke="${darken(g.color, 0.3)}" stroke-width="3" opacity="0.5"/>`,
        focus: { x: 600, y: 950 },
        frame: { x: 600, y: 950, scale: 1.3 },
      };
    }
    case 'highWaistBrief':
    case 'bikiniBrief':
    case 'frenchKnicker': {
      const top = g.shape === 'highWaistBrief' ? 620 : g.shape === 'bikiniBrief' ? 760 : 660;
      const side = g.shape === 'highWaistBrief' ? 300 : g.shape === 'bikiniBrief' ? 280 : 290;
      const body =
        g.shape === 'frenchKnicker'
          ? `M 600 ${top + 14} C 500 ${top + 18} 380 ${top + 12} ${side} ${top} C 286 ${top + 160} 270 ${top + 330} 262 ${top + 470} C 340 ${top + 500} 450 ${top + 500} 540 ${top + 470} C 560 ${top + 420} 585 ${top + 400} 600 ${top + 396} Z`
          : `M 600 ${top + 14} C 500 ${top + 18} 380 ${top + 12} ${side} ${top} L ${side + 16} ${top + (g.shape === 'highWaistBrief' ? 250 : 110)} C ${side + 60} ${top + 380} 480 ${top + 470} 548 ${top + 520} L 600 ${top + 526} Z`;
      const band = `M 600 ${top + 14} C 500 ${top + 18} 380 ${top + 12} ${side} ${top} L ${side + 4} ${top + 58} C 384 ${top + 72} 500 ${top + 76} 600 ${top + 74} Z`;
      const leg =
        g.shape === 'frenchKnicker'
          ? `M 262 ${top + 470} C 340 ${top + 500} 450 ${top + 500} 540 ${top + 470}`
          : `M ${side + 16} ${top + (g.shape === 'highWaistBrief' ? 250 : 110)} C ${side + 60} ${top + 380} 480 ${top + 470} 548 ${top + 520}`;
      return {
        parts: [
          { d: body },
          { d: body, mirror: true },
          { d: band, tone: 'band' },
          { d: band, tone: 'band', mirror: true },
        ],
        straps: [],
        seams: [
          { d: `M 560 ${top + 520} C 570 ${top + 470} 630 ${top + 470} 640 ${top + 520}` },
          ...(g.shape === 'frenchKnicker' ? [{ d: `M 600 ${top + 396} L 600 ${top + 80}` }] : []),
        ],
        edges: [{ d: leg }, { d: leg, mirror: true }],
        hardware: bow(600, top + 92, g.color, 0.8),
        focus: { x: 600, y: top + 200 },
        frame: { x: 600, y: top + 260, scale: g.shape === 'frenchKnicker' ? 1.3 : 1.32 },
      };
    }
    case 'thong': {
      const string = 'M 600 752 C 500 752 360 740 240 706 L 236 728 C 360 764 500 776 600 776 Z';
      const front = 'M 600 770 C 540 770 470 766 420 758 C 470 860 540 990 572 1092 L 600 1096 Z';
      return {
        parts: [
          { d: string, tone: 'band' },
          { d: string, tone: 'band', mirror: true },
          { d: front },
          { d: front, mirror: true },
        ],
        straps: [],
        seams: [],
        edges: [
          { d: 'M 420 758 C 470 860 540 990 572 1092' },
          { d: 'M 420 758 C 470 860 540 990 572 1092', mirror: true },
        ],
        hardware: bow(600, 790, g.color, 0.75) + ring(244, 717, 9) + ring(956, 717, 9),
        focus: { x: 600, y: 860 },
        frame: { x: 600, y: 900, scale: 1.5 },
      };
    }
    case 'garterBelt': {
      const band = 'M 600 640 C 480 650 360 630 262 596 C 252 660 250 730 258 790 C 360 820 480 830 600 826 Z';
      const strap = (x: number, y: number, dx: number) =>
        `M ${x} ${y} C ${x + dx * 0.2} ${y + 160} ${x + dx * 0.7} ${y + 340} ${x + dx} ${y + 470}`;
      const s1 = strap(470, 826, -12);
      const s2 = strap(300, 804, -40);
      const clip = (x: number, y: number) =>
        `<g transform="translate(${f(x)} ${f(y)})"><rect x="-15" y="-8" width="30" height="22" rx="5" fill="none" stroke="${GOLD}" stroke-width="4"/><path d="M -9 14 C -9 34 9 34 9 14" fill="none" stroke="${GOLD}" stroke-width="4"/></g>`;
      return {
        parts: [{ d: band }, { d: band, mirror: true }],
        straps: [
          { d: s1, width: 18 },
          { d: s1, width: 18, mirror: true },
          { d: s2, width: 18 },
          { d: s2, width: 18, mirror: true },
        ],
        seams: [
          { d: 'M 600 650 L 600 820' },
          { d: 'M 430 646 C 424 700 424 770 430 822' },
          { d: 'M 430 646 C 424 700 424 770 430 822', mirror: true },
        ],
        edges: [
          { d: 'M 258 790 C 360 820 480 830 600 826' },
          { d: 'M 258 790 C 360 820 480 830 600 826', mirror: true },
        ],
        hardware:
          [clip(458, 1300), clip(742, 1300), clip(260, 1278), clip(940, 1278)].join('') + bow(600, 690, g.color, 0.9),
        focus: { x: 600, y: 820 },
        frame: { x: 600, y: 960, scale: 1.25 },
      };
    }
    case 'slipDress':
    case 'camisole': {
      const hem = g.shape === 'slipDress' ? 1600 : 1150;
      const flare = g.shape === 'slipDress' ? 250 : 400;
      const body = `M 600 650 C 560 600 500 556 446 526 C 430 600 418 700 424 820 C 430 ${f(820 + (hem - 820) * 0.4)} ${flare + 40} ${hem - 200} ${flare} ${hem - 30} C 380 ${hem + 4} 470 ${hem - 20} 520 ${hem} C 560 ${hem + 14} 590 ${hem + 10} 600 ${hem + 6} Z`;
      const strap = hung ? 'M 452 530 C 456 460 464 400 476 354' : 'M 452 530 C 452 450 460 380 480 330';
      return {
        parts: [{ d: body }, { d: body, mirror: true }],
        straps: [
          { d: strap, width: 7 },
          { d: strap, width: 7, mirror: true },
        ],
        seams: [{ d: 'M 600 660 L 600 760' }],
        edges: [
          { d: 'M 600 650 C 560 600 500 556 446 526' },
          { d: 'M 600 650 C 560 600 500 556 446 526', mirror: true },
        ],
        folds: [
          { x: 470, top: 760, bottom: hem, sway: -60 },
          { x: 560, top: 800, bottom: hem, sway: -20 },
          { x: 650, top: 780, bottom: hem, sway: 30 },
          { x: 740, top: 760, bottom: hem, sway: 70 },
        ],
        focus: { x: 600, y: 640 },
        frame:
          g.shape === 'slipDress'
            ? { x: 600, y: hung ? 930 : 970, scale: 1.08 }
            : { x: 600, y: hung ? 720 : 740, scale: 1.3 },
        hanger: hung ? 'shoulders' : undefined,
      };
    }
    case 'slipSkirt': {
      const body =
        'M 600 520 L 420 516 C 410 700 360 1100 300 1560 C 380 1594 470 1570 520 1590 C 560 1604 590 1600 600 1596 Z';
      const band = 'M 600 520 L 420 516 L 422 580 L 600 584 Z';
      return {
        parts: [
          { d: body },
          { d: body, mirror: true },
          { d: band, tone: 'band' },
          { d: band, tone: 'band', mirror: true },
        ],
        straps: [],
        seams: [],
        edges: [],
        folds: [
          { x: 450, top: 600, bottom: 1590, sway: -80 },
          { x: 540, top: 620, bottom: 1600, sway: -30 },
          { x: 640, top: 620, bottom: 1600, sway: 30 },
          { x: 750, top: 600, bottom: 1590, sway: 80 },
        ],
        focus: { x: 600, y: 760 },
        frame: { x: 600, y: 1060, scale: 1.1 },
      };
    }
    case 'kimonoRobe':
    case 'cardigan': {
      const robe = g.shape === 'kimonoRobe';
      const hem = robe ? 1610 : 1330;
      const sleeve = robe
        ? 'M 500 400 L 330 446 L 150 560 L 170 910 L 396 836 C 392 700 400 560 420 470 Z'
        : 'M 500 404 L 340 450 C 290 560 250 800 222 1180 L 352 1196 C 370 960 390 740 410 560 Z';
      const body = `M 600 410 C 560 406 520 402 500 400 L 340 450 C 400 560 396 700 396 836 C 386 1100 372 1350 362 ${hem} L 600 ${hem + 10} Z`;
      const lapel = robe ? 'M 520 402 C 560 600 610 800 666 990' : 'M 530 404 C 560 600 590 780 600 880 L 600 1330';
      const belt = robe
        ? `<path d="M 384 958 C 500 972 700 972 816 958 L 818 1012 C 700 1026 500 1026 382 1012 Z" fill="${darken(g.color, 0.06)}"/>
<path d="M 650 986 C 630 1080 610 1180 590 1290 L 622 1296 C 640 1190 660 1090 672 992 Z" fill="${lighten(g.color, 0.05)}" stroke="${darken(g.color, 0.2)}" stroke-width="1.5"/>
<path d="M 664 990 C 690 1090 720 1190 744 1280 L 712 1290 C 690 1200 668 1100 650 1000 Z" fill="${darken(g.color, 0.05)}" stroke="${darken(g.color, 0.2)}" stroke-width="1.5"/>
<ellipse cx="660" cy="986" rx="34" ry="30" fill="${g.color}" stroke="${darken(g.color, 0.22)}" stroke-width="2"/>`
        : [560, 700, 840, 980, 1120, 1260]
            .map((y) => `<circle cx="600" cy="${y}" r="11" fill="url(#pearl)"/>`)
            .join('');
      const rib = robe ? [] : [{ d: `M 224 1150 L 352 1166` }, { d: `M 364 ${hem - 60} L 600 ${hem - 52}` }];
      return {
        parts: [{ d: sleeve }, { d: sleeve, mirror: true }, { d: body }, { d: body, mirror: true }],
        straps: [],
        seams: [
          { d: 'M 396 836 C 392 700 400 560 420 470' },
          { d: 'M 396 836 C 392 700 400 560 420 470', mirror: true },
          ...rib,
          ...rib.map((r) => ({ ...r, mirror: true })),
          // The edge of the wrap, running on below the belt.
          ...(robe ? [{ d: `M 672 1012 C 684 1200 694 1400 704 ${hem}` }] : []),
        ],
        edges: [],
        folds: robe
          ? [
              { x: 450, top: 1030, bottom: hem, sway: -30 },
              { x: 760, top: 1030, bottom: hem, sway: 30 },
              { x: 250, top: 600, bottom: 880, sway: -20 },
            ]
          : [{ x: 470, top: 700, bottom: hem, sway: -10 }],
        hardware:
          `<path d="${lapel}" fill="none" stroke="${g.trim ?? lighten(g.color, 0.2)}" stroke-width="${robe ? 46 : 30}" stroke-linecap="round" opacity="0.95"/>` +
          `<path d="${lapel}" fill="none" stroke="${darken(g.color, 0.3)}" stroke-width="2" transform="translate(${robe ? 24 : 16} 0)" opacity="0.5"/>` +
          (robe
            ? `<path d="M 680 402 C 620 500 600 560 590 620" fill="none" stroke="${g.trim ?? lighten(g.color, 0.2)}" stroke-width="46" stroke-linecap="round"/>`
            : `<path d="M 670 404 C 640 600 610 780 600 880" fill="none" stroke="${g.trim ?? lighten(g.color, 0.2)}" stroke-width="30" stroke-linecap="round"/>`) +
          belt,
        focus: { x: 600, y: 640 },
        frame: robe ? { x: 600, y: 940, scale: 1.0 } : { x: 600, y: 800, scale: 1.12 },
        hanger: hung ? 'shoulders' : undefined,
      };
    }
    case 'pajamaSet': {
      const trousers = 'M 600 960 L 410 956 C 400 1200 392 1450 388 1650 L 566 1656 L 600 1180 Z';
      const top =
        'M 600 430 C 560 426 530 420 510 414 L 350 460 L 210 720 L 320 770 L 392 650 C 394 780 392 900 384 1010 C 460 1030 540 1040 600 1040 Z';
      const piping = g.trim ?? lighten(g.color, 0.55);
      return {
        parts: [{ d: trousers }, { d: trousers, mirror: true }, { d: top }, { d: top, mirror: true }],
        straps: [],
        seams: [
          { d: 'M 392 650 C 394 780 392 900 384 1010' },
          { d: 'M 392 650 C 394 780 392 900 384 1010', mirror: true },
        ],
        edges: [],
        folds: [
          { x: 470, top: 1060, bottom: 1640, sway: -10 },
          { x: 730, top: 1060, bottom: 1640, sway: 10 },
        ],
        hardware: `<g fill="none" stroke="${piping}" stroke-width="9" stroke-linecap="round">
<path d="M 512 418 L 560 560 L 500 580 L 600 760"/><path d="M 688 418 L 640 560 L 700 580 L 610 760"/>
<path d="M 210 720 L 320 770"/><path d="M 990 720 L 880 770"/>
<path d="M 620 760 L 624 1036"/><path d="M 388 1650 L 566 1656"/><path d="M 812 1650 L 634 1656"/></g>
<rect x="440" y="840" width="90" height="80" rx="6" fill="none" stroke="${piping}" stroke-width="6"/>
${[800, 880, 960].map((y) => `<circle cx="634" cy="${y}" r="9" fill="url(#pearl)"/>`).join('')}`,
        focus: { x: 600, y: 620 },
        frame: { x: 600, y: 1040, scale: 1.05 },
      };
    }
  }
}

function repeat(motif: string, w: number, h: number, nx: number, ny: number): string {
  let out = '';
  for (let i = 0; i < nx; i++)
    for (let j = 0; j < ny; j++) out += `<g transform="translate(${i * w} ${j * h})">${motif}</g>`;
  return out;
}

function fabricDefs(id: string, g: Garment): string {
  const c = g.color;
  const light = luminance(c) > 0.6;
  const stops = (list: [number, string, number?][]) =>
    list
      .map(([o, col, a]) => `<stop offset="${o}" stop-color="${col}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
      .join('');
  let fab: string;
  switch (g.fabric) {
    case 'silk':
    case 'satin': {
      const s = g.fabric === 'satin' ? 1 : 0.8;
      fab = `<linearGradient id="${id}-fab" x1="0" y1="0" x2="1" y2="1">${stops([
        [0, darken(c, 0.22 * s)],
        [0.2, c],
        [0.36, lighten(c, 0.42 * s)],
        [0.48, c],
        [0.66, darken(c, 0.14 * s)],
        [0.8, lighten(c, 0.22 * s)],
        [1, darken(c, 0.3 * s)],
      ])}</linearGradient>`;
      break;
    }
    case 'velvet':
      fab = `<radialGradient id="${id}-fab" cx="0.42" cy="0.38" r="0.75">${stops([
        [0, lighten(c, 0.18)],
        [0.45, c],
        [1, darken(c, 0.5)],
      ])}</radialGradient>`;
      break;
    case 'lace':
    case 'tulle':
      fab = `<linearGradient id="${id}-fab" x1="0" y1="0" x2="1" y2="1">${stops([
        [0, darken(c, 0.1), g.fabric === 'lace' ? 0.92 : 0.8],
        [0.4, lighten(c, 0.12), g.fabric === 'lace' ? 0.78 : 0.6],
        [1, darken(c, 0.16), g.fabric === 'lace' ? 0.94 : 0.82],
      ])}</linearGradient>`;
      break;
    case 'cashmere':
    case 'modal':
      fab = `<linearGradient id="${id}-fab" x1="0" y1="0" x2="0.6" y2="1">${stops([
        [0, lighten(c, 0.1)],
        [0.55, c],
        [1, darken(c, 0.16)],
      ])}</linearGradient>`;
      break;
  }
  const band = `<linearGradient id="${id}-band" x1="0" y1="0" x2="0" y2="1">${stops([
    [0, darken(c, 0.06)],
    [0.5, lighten(c, g.fabric === 'satin' || g.fabric === 'silk' ? 0.22 : 0.06)],
    [1, darken(c, 0.18)],
  ])}</linearGradient>`;
  // A soft highlight per piece gives cups and panels some volume.
  const gloss = `<radialGradient id="${id}-gloss" cx="0.4" cy="0.32" r="0.6">${stops([
    [0, '#fffaf2', g.fabric === 'silk' || g.fabric === 'satin' ? 0.38 : g.fabric === 'velvet' ? 0.12 : 0.18],
    [1, '#fffaf2', 0],
  ])}</radialGradient>`;
  const ink = light ? darken(c, 0.3) : lighten(c, 0.28);
  // Tiles hold several repeats: librsvg pays per tile drawn, so one big tile beats many small ones.
  let pattern = '';
  if (g.fabric === 'lace') {
    const motif = `<g fill="none" stroke="${ink}" stroke-width="1.6" opacity="0.75">
<circle cx="32" cy="28" r="7"/><circle cx="32" cy="28" r="2.5" fill="${ink}"/>
${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="32" cy="16" rx="4.5" ry="8" transform="rotate(${a} 32 28)"/>`).join('')}
<path d="M0 0 C 10 10 22 6 32 0 C 42 -6 54 10 64 0 M0 56 C 10 46 22 50 32 56 C 42 62 54 46 64 56" opacity="0.7"/>
<circle cx="0" cy="28" r="3"/><circle cx="64" cy="28" r="3"/></g>
<path d="M0 0 L64 56 M64 0 L0 56" stroke="${ink}" stroke-width="0.6" opacity="0.35"/>`;
    pattern = `<pattern id="${id}-pat" width="256" height="224" patternUnits="userSpaceOnUse" patternTransform="rotate(12)">${repeat(motif, 64, 56, 4, 4)}</pattern>`;
  } else if (g.fabric === 'tulle') {
    const lines = Array.from({ length: 20 }, (_, i) => `M0 ${i * 9} L180 ${i * 9} M${i * 9} 0 L${i * 9} 180`).join(' ');
    pattern = `<pattern id="${id}-pat" width="180" height="180" patternUnits="userSpaceOnUse" patternTransform="rotate(30)"><path d="${lines}" stroke="${ink}" stroke-width="0.8" opacity="0.45"/></pattern>`;
  } else if (g.fabric === 'cashmere') {
    const stitch = `<path d="M0 2 L8 12 L16 2" fill="none" stroke="${darken(c, 0.25)}" stroke-width="2" opacity="0.28"/><path d="M0 12 L8 22 L16 12" fill="none" stroke="${lighten(c, 0.3)}" stroke-width="1.4" opacity="0.3"/>`;
    pattern = `<pattern id="${id}-pat" width="192" height="200" patternUnits="userSpaceOnUse">${repeat(stitch, 16, 20, 12, 10)}</pattern>`;
  }
  return fab + band + gloss + pattern;
}

type GarmentLayers = { shadow: string; body: string };

/**
 * The garment in garment space, split in two: its soft shadow (drawn into the low-resolution back
 * layer) and the crisp garment itself. `id` keeps its defs apart from other garments in a scene.
 */
function garmentSvg(g: Garment, id: string, options: { hung: boolean; shadow: number }): GarmentLayers {
  const shape = shapeOf(g, options.hung);
  const c = g.color;
  const use = (d: string, mirror: boolean | undefined, attrs: string) =>
    `<path d="${d}" ${mirror ? `transform="${MIRROR}" ` : ''}${attrs}/>`;
  const partsPath = (attrs: (p: Part) => string) => shape.parts.map((p) => use(p.d, p.mirror, attrs(p))).join('');
  const linesPath = (lines: Line[], attrs: string, width?: number) =>
    lines.map((l) => use(l.d, l.mirror, `${attrs} stroke-width="${width ?? l.width ?? 3}"`)).join('');
  const see = g.fabric === 'lace' || g.fabric === 'tulle';
  const strapColor = darken(c, see ? 0.12 : 0.06);
  const seamColor = luminance(c) > 0.5 ? darken(c, 0.28) : darken(c, 0.45);
  const edgeColor = g.fabric === 'lace' ? (luminance(c) > 0.6 ? darken(c, 0.22) : lighten(c, 0.1)) : darken(c, 0.12);

  const shadow = `<defs><filter id="${id}-shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${options.shadow}"/></filter></defs>
<g filter="url(#${id}-shadow)" opacity="${see ? 0.18 : 0.28}" transform="translate(${f(options.shadow * 0.5)} ${f(options.shadow * 1.1)})">${partsPath(() => 'fill="#3b2620"')}${linesPath(shape.straps, 'fill="none" stroke="#3b2620"')}</g>`;

  const defs = `<defs>${fabricDefs(id, g)}
<radialGradient id="${id}-foldLight" cx="0.5" cy="0.55" r="0.5"><stop offset="0" stop-color="${lighten(c, 0.6)}" stop-opacity="0.5"/><stop offset="1" stop-color="${lighten(c, 0.6)}" stop-opacity="0"/></radialGradient>
<radialGradient id="${id}-foldDark" cx="0.5" cy="0.55" r="0.5"><stop offset="0" stop-color="${darken(c, 0.45)}" stop-opacity="0.34"/><stop offset="1" stop-color="${darken(c, 0.45)}" stop-opacity="0"/></radialGradient></defs>`;
  const straps = linesPath(shape.straps, `fill="none" stroke="${strapColor}" stroke-linecap="round"`);
  const strapSheen = linesPath(
    shape.straps,
    `fill="none" stroke="${lighten(c, 0.45)}" stroke-linecap="round" opacity="0.35"`,
    2.5,
  );
  const body = partsPath((p) => `fill="url(#${id}-${p.tone === 'band' ? 'band' : 'fab'})"`);
  const texture =
    (see || g.fabric === 'cashmere' ? partsPath(() => `fill="url(#${id}-pat)"`) : '') +
    partsPath(() => `fill="url(#${id}-gloss)"`);
  // Folds as soft wedges filled with a radial fade, which keeps them inside the garment without a
  // blur or a clip path (both cost more than the whole rest of the garment).
  const folds = (shape.folds ?? [])
    .map((fold, i) => {
      const half = i % 2 === 0 ? 26 : 36;
      const y1 = fold.top + (fold.bottom - fold.top) * 0.4;
      const y2 = fold.top + (fold.bottom - fold.top) * 0.7;
      // A wedge from a point: folds fan out from where the fabric is held, with no hard top edge.
      const x = (dx: number) => ({
        a: fold.x,
        b: fold.x + fold.sway * 0.2 + dx * 0.6,
        c: fold.x + fold.sway * 0.8 + dx * 1.4,
        d: fold.x + fold.sway + dx * 2,
      });
      const l = x(-half);
      const r = x(half);
      const d = `M ${f(l.a)} ${fold.top} C ${f(l.b)} ${f(y1)} ${f(l.c)} ${f(y2)} ${f(l.d)} ${fold.bottom} L ${f(r.d)} ${fold.bottom} C ${f(r.c)} ${f(y2)} ${f(r.b)} ${f(y1)} ${f(r.a)} ${fold.top} Z`;
      return `<path d="${d}" fill="url(#${id}-fold${i % 2 === 0 ? 'Light' : 'Dark'})"/>`;
    })
    .join('');
  const seams = linesPath(shape.seams, `fill="none" stroke="${seamColor}" opacity="0.45"`, 2.2);
  const edges =
    g.fabric === 'lace'
      ? linesPath(shape.edges, `fill="none" stroke="${edgeColor}" stroke-linecap="round" stroke-dasharray="0 15"`, 13) +
        linesPath(shape.edges, `fill="none" stroke="${edgeColor}"`, 3)
      : linesPath(shape.edges, `fill="none" stroke="${edgeColor}" stroke-linecap="round" opacity="0.8"`, 7) +
        linesPath(shape.edges, `fill="none" stroke="${lighten(c, 0.5)}" opacity="0.45"`, 1.5);
  const hanger = shape.hanger ? hangerSvg(shape.hanger) : '';
  return {
    shadow,
    body: `${defs}${hanger}${straps}${strapSheen}${body}${texture}${folds}${seams}${edges}${shape.hardware ?? ''}`,
  };
}

function hangerSvg(kind: 'bar' | 'shoulders'): string {
  const hook = `<path d="M 600 330 L 600 280 C 600 236 652 232 654 270 C 655 290 640 296 632 292" fill="none" stroke="url(#gold)" stroke-width="8" stroke-linecap="round"/>`;
  if (kind === 'bar') {
    return `${hook}<path d="M 420 334 L 780 334" stroke="url(#gold)" stroke-width="11" stroke-linecap="round"/>`;
  }
  return `${hook}<path d="M 330 420 C 430 380 540 336 600 332 C 660 336 770 380 870 420" fill="none" stroke="#b48a5a" stroke-width="20" stroke-linecap="round"/><path d="M 340 412 C 440 372 540 330 600 326 C 660 330 760 372 860 412" fill="none" stroke="#d8b88a" stroke-width="5" stroke-linecap="round" opacity="0.7"/>`;
}

/** A garment placed in a scene: its shadow goes to the back layer, the garment to the front. */
function placed(g: Garment, id: string, transform: string, options: { hung: boolean; shadow: number }): Scene {
  const layers = garmentSvg(g, id, options);
  return {
    back: `<g transform="${transform}">${layers.shadow}</g>`,
    front: `<g transform="${transform}">${layers.body}</g>`,
  };
}

// ---------- props and backgrounds ----------

const SHARED_DEFS = `<radialGradient id="pearl" cx="0.38" cy="0.34" r="0.7"><stop offset="0" stop-color="#fffdf8"/><stop offset="0.55" stop-color="#efe5d6"/><stop offset="1" stop-color="#bfae95"/></radialGradient>
<linearGradient id="gold" gradientUnits="userSpaceOnUse" x1="420" y1="240" x2="780" y2="340"><stop offset="0" stop-color="#e6cd98"/><stop offset="0.5" stop-color="#b8914f"/><stop offset="1" stop-color="#e2c58a"/></linearGradient>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#2a1a12" stop-opacity="0"/><stop offset="1" stop-color="#2a1a12" stop-opacity="0.16"/></radialGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fffaf3" stop-opacity="0.75"/><stop offset="1" stop-color="#fffaf3" stop-opacity="0"/></radialGradient>
<filter id="blur60" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="60"/></filter>
<filter id="blur24" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="24"/></filter>
<filter id="blur8" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="8"/></filter>`;

/** Pearls strung along a quadratic curve; their small shadows are drawn with them. */
function pearls(x0: number, y0: number, cx: number, cy: number, x1: number, y1: number, count: number, r = 13): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const x = (1 - t) * (1 - t) * x0 + 2 * (1 - t) * t * cx + t * t * x1;
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * cy + t * t * y1;
    out += `<circle cx="${f(x + r * 0.25)}" cy="${f(y + r * 0.4)}" r="${f(r * 1.05)}" fill="#3b2620" opacity="0.13"/><circle cx="${f(x)}" cy="${f(y)}" r="${r}" fill="url(#pearl)"/>`;
  }
  return out;
}

/** A eucalyptus sprig: the one botanical prop of the house style. */
function sprig(x: number, y: number, angle: number, scale = 1): string {
  const leaves = Array.from({ length: 7 }, (_, i) => {
    const t = i / 6;
    const side = i % 2 === 0 ? 1 : -1;
    const lx = f(side * 26);
    const ly = f(-t * 380);
    return `<ellipse cx="${lx}" cy="${ly}" rx="${f(30 - t * 10)}" ry="${f(24 - t * 8)}" fill="${i % 3 === 0 ? '#9fb19a' : '#8ea48a'}" transform="rotate(${side * 18} ${lx} ${ly})"/><path d="M ${f(side * 8)} ${ly} L ${f(side * 40)} ${f(-t * 380 - 6)}" stroke="#7d9079" stroke-width="1.5" opacity="0.6"/>`;
  }).join('');
  const stem = 'M0 0 C 10 -120 -10 -260 6 -400';
  return `<g transform="translate(${f(x)} ${f(y)}) rotate(${f(angle)}) scale(${scale})"><path d="${stem}" stroke="#3b2620" stroke-width="6" fill="none" opacity="0.12" transform="translate(6 8)"/><path d="${stem}" stroke="#7b8a70" stroke-width="4" fill="none"/>${leaves}</g>`;
}

type Tone = { top: string; bottom: string };

const TONES = {
  oat: { top: '#f5eee7', bottom: '#e6d7c9' },
  blush: { top: '#f3e1db', bottom: '#e3c6bc' },
  linen: { top: '#ece6dd', bottom: '#d9ccbd' },
  sand: { top: '#f0e5d8', bottom: '#dcc9b4' },
  mocha: { top: '#cdb9a8', bottom: '#a88f7b' },
  rosewood: { top: '#d2b0a6', bottom: '#ad8579' },
  sage: { top: '#dfe2d6', bottom: '#bfc5b2' },
  dove: { top: '#e7e3df', bottom: '#cbc3bc' },
} satisfies Record<string, Tone>;

/** A seamless studio backdrop: a warm gradient with one soft pool of light. */
function studio(w: number, h: number, tone: Tone, seed: string): string {
  const r = rng(seed);
  return `<linearGradient id="bg" x1="0" y1="0" x2="0.25" y2="1"><stop offset="0" stop-color="${tone.top}"/><stop offset="1" stop-color="${tone.bottom}"/></linearGradient>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<ellipse cx="${f(w * (0.2 + r() * 0.3))}" cy="${f(h * 0.22)}" rx="${f(w * 0.6)}" ry="${f(h * 0.45)}" fill="url(#glow)"/>`;
}

/** Soft silk drapery: broad blurred bands of light and shade sweeping across the frame. */
function drape(w: number, h: number, base: string, seed: string, strength = 1, opaque = true): string {
  const r = rng(seed);
  const bands: string[] = [];
  const n = 7;
  for (let i = 0; i < n; i++) {
    const light = i % 2 === 0;
    const x = (i / (n - 1)) * w * 1.3 - w * 0.15;
    const sway = (r() - 0.5) * w * 0.5;
    const d = `M ${f(x)} ${f(-h * 0.1)} C ${f(x + sway)} ${f(h * 0.3)} ${f(x - sway * 0.8)} ${f(h * 0.65)} ${f(x + sway * 0.4 + w * 0.12)} ${f(h * 1.1)}`;
    const width = f(Math.max(w, h) * (0.05 + r() * 0.07));
    bands.push(
      `<path d="${d}" fill="none" stroke="${light ? lighten(base, 0.55) : darken(base, 0.3)}" stroke-width="${width}" opacity="${f(Math.min(1, (light ? 0.55 : 0.35) * strength))}" stroke-linecap="round"/>`,
    );
  }
  return `${opaque ? `<rect width="${w}" height="${h}" fill="${base}"/>` : ''}<g filter="url(#blur60)">${bands.join('')}</g>`;
}

const vignette = (w: number, h: number) => `<rect width="${w}" height="${h}" fill="url(#vignette)"/>`;

/** Warm window light falling across the frame, for the "customer photo" look. */
function windowLight(w: number, h: number, seed: string): string {
  const r = rng(seed);
  const angle = -30 + r() * 20;
  const beams = [0.1, 0.36, 0.62].map((p) => {
    const x = w * p + r() * w * 0.05;
    return `<rect x="${f(x)}" y="${f(-h)}" width="${f(w * 0.16)}" height="${f(h * 3)}" fill="#fff8ea" opacity="0.3"/>`;
  });
  return `<g filter="url(#blur24)" transform="rotate(${f(angle)} ${f(w / 2)} ${f(h / 2)})">${beams.join('')}</g>`;
}

// ---------- scenes ----------

/** Soft, blurry content (backdrop, shadows, light) and crisp content (garments, props). */
type Scene = { back: string; front: string };

const join = (...scenes: Scene[]): Scene => ({
  back: scenes.map((s) => s.back).join(''),
  front: scenes.map((s) => s.front).join(''),
});

const HANGING: readonly GarmentShape[] = [
  'balconetteBra',
  'plungeBra',
  'triangleBralette',
  'longlineBra',
  'slipDress',
  'camisole',
  'kimonoRobe',
  'cardigan',
];

function backdropFor(garment: Garment, variant: number): Tone {
  // A pale garment disappears on a pale backdrop, so it gets the deeper tones.
  const names: (keyof typeof TONES)[] =
    luminance(garment.color) > 0.72 ? ['mocha', 'rosewood', 'dove', 'sage'] : ['oat', 'blush', 'linen', 'sand'];
  return TONES[names[variant % names.length]!];
}

/**
 * Four product shots that differ enough for the hover swap: on the hanger, a close-up, an angled flat
 * lay on draped silk, and a styled flat lay with pearls and eucalyptus.
 */
function productScene(g: Garment, variant: number, seed: string): Scene {
  const w = 1200;
  const h = 1800;
  const v = variant % 4;
  const hung = v === 0 && HANGING.includes(g.shape);
  const tone = backdropFor(g, v);
  const { frame, focus } = shapeOf(g, hung);
  const place = (scale: number, cx: number, cy: number, extra = '') =>
    `translate(600 900) ${extra} scale(${f(scale)}) translate(${f(-cx)} ${f(-cy)})`;
  const scene: Scene = { back: studio(w, h, tone, seed), front: '' };
  let transform: string;
  if (v === 0) {
    transform = place(frame.scale, frame.x, frame.y);
  } else if (v === 1) {
    transform = place(Math.max(1.9, frame.scale * 1.6), focus.x, focus.y);
  } else if (v === 2) {
    scene.back += drape(w, h, tone.bottom, seed, 0.9);
    transform = place(frame.scale * 0.92, frame.x, frame.y, 'rotate(-8)');
  } else {
    transform = `translate(0 -150) ${place(frame.scale * 0.82, frame.x, frame.y, 'rotate(4)')}`;
    scene.back += `<rect x="-80" y="110" width="520" height="380" fill="#fffdf9" opacity="0.45" transform="rotate(-14 180 300)" filter="url(#blur8)"/>`;
    scene.front += pearls(150, 1420, 420, 1720, 760, 1560, 15, 18) + sprig(1040, 1740, -30, 1.3);
  }
  const garment = placed(g, 'g0', transform, { hung, shadow: v === 1 ? 26 : 18 });
  return join(scene, garment, { back: vignette(w, h), front: '' });
}

/** A tall arched niche behind the garment: the house's editorial framing. */
function arch(cx: number, top: number, width: number, bottom: number, color: string): string {
  const r = width / 2;
  const d = `M ${f(cx - r)} ${f(bottom)} L ${f(cx - r)} ${f(top + r)} A ${f(r)} ${f(r)} 0 0 1 ${f(cx + r)} ${f(top + r)} L ${f(cx + r)} ${f(bottom)} Z`;
  return `<path d="${d}" fill="#3b2620" opacity="0.1" transform="translate(18 22)" filter="url(#blur24)"/><path d="${d}" fill="${color}"/>`;
}

/** Silk seen close: adjoining fold bands, each shaded from shadow to sheen. */
function silk(w: number, h: number, base: string, seed: string): string {
  const r = rng(seed);
  const n = 9;
  const edges = Array.from({ length: n + 1 }, (_, i) => {
    const x = (i / n) * w * 1.3 - w * 0.15;
    return { x, a: (r() - 0.5) * w * 0.35, b: (r() - 0.5) * w * 0.35, c: (r() - 0.3) * w * 0.25 };
  });
  const curve = (e: (typeof edges)[number], reverse: boolean) => {
    const pts = [
      [e.x, -h * 0.05],
      [e.x + e.a, h * 0.35],
      [e.x + e.b, h * 0.7],
      [e.x + e.c, h * 1.05],
    ] as const;
    const [p0, p1, p2, p3] = reverse ? [pts[3], pts[2], pts[1], pts[0]] : pts;
    return {
      start: `${f(p0[0])} ${f(p0[1])}`,
      rest: `C ${f(p1[0])} ${f(p1[1])} ${f(p2[0])} ${f(p2[1])} ${f(p3[0])} ${f(p3[1])}`,
    };
  };
  const defs = `<linearGradient id="fold" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${darken(base, 0.28)}"/><stop offset="0.38" stop-color="${lighten(base, 0.42)}"/><stop offset="0.62" stop-color="${base}"/><stop offset="1" stop-color="${darken(base, 0.2)}"/></linearGradient>`;
  const bands = edges.slice(0, -1).map((left, i) => {
    const right = edges[i + 1]!;
    const l = curve(left, false);
    const rr = curve(right, true);
    return `<path d="M ${l.start} ${l.rest} L ${rr.start} ${rr.rest} Z" fill="url(#fold)"/>`;
  });
  return `${defs}<rect width="${w}" height="${h}" fill="${base}"/><g filter="url(#blur8)">${bands.join('')}</g>`;
}

function categoryScene(g: Garment, background: string, w: number, h: number, seed: string): Scene {
  const { frame } = shapeOf(g, false);
  const tone: Tone = { top: lighten(background, 0.25), bottom: background };
  const back =
    studio(w, h, tone, seed) +
    arch(w / 2, h * 0.1, w * 0.72, h * 1.1, lighten(background, 0.4)) +
    drape(w, h, background, seed, 0.35, false);
  const scale = frame.scale * Math.min(w / 1200, h / 1800) * 0.95;
  return join(
    { back, front: '' },
    placed(g, 'g0', `translate(${w / 2} ${h * 0.53}) scale(${f(scale)}) translate(${-frame.x} ${-frame.y})`, {
      hung: false,
      shadow: 20,
    }),
    { back: vignette(w, h), front: '' },
  );
}

type Surface = 'sheets' | 'marble' | 'wood' | 'rose';
type Prop = 'coffee' | 'perfume' | 'book' | 'pearls' | 'sprig';

function surface(kind: Surface, w: number, h: number, seed: string): string {
  const r = rng(`${seed}surface`);
  switch (kind) {
    case 'sheets':
      return studio(w, h, { top: '#f3eee8', bottom: '#ddd2c8' }, seed) + drape(w, h, '#ebe3db', seed, 1.3, false);
    case 'rose':
      return studio(w, h, { top: '#e8cfc7', bottom: '#c9a196' }, seed) + drape(w, h, '#d8b4aa', seed, 1.1, false);
    case 'marble': {
      const veins = Array.from({ length: 6 }, () => {
        const y = r() * h;
        return `<path d="M ${f(-50)} ${f(y)} C ${f(w * 0.3)} ${f(y + (r() - 0.5) * 300)} ${f(w * 0.6)} ${f(y + (r() - 0.5) * 300)} ${f(w + 50)} ${f(y + (r() - 0.5) * 400)}" fill="none" stroke="#a9a19a" stroke-width="${f(2 + r() * 5)}" opacity="${f(0.25 + r() * 0.3)}"/>`;
      });
      return `${studio(w, h, { top: '#f4f1ed', bottom: '#e2ddd7' }, seed)}<g filter="url(#blur8)">${veins.join('')}</g>`;
    }
    case 'wood': {
      const plank = h / 5;
      const planks = Array.from({ length: 7 }, (_, i) => {
        const tone = ['#c9a385', '#bf9877', '#c4a07f', '#b99272'][i % 4]!;
        const grain = Array.from({ length: 5 }, (_, j) => {
          const y = i * plank + (j + 0.5) * (plank / 5);
          return `<path d="M -20 ${f(y)} C ${f(w * 0.3)} ${f(y + (r() - 0.5) * 16)} ${f(w * 0.7)} ${f(y + (r() - 0.5) * 16)} ${f(w + 20)} ${f(y)}" fill="none" stroke="#8d674b" stroke-width="2" opacity="0.22"/>`;
        }).join('');
        return `<rect x="-40" y="${f(i * plank)}" width="${w + 80}" height="${f(plank - 3)}" fill="${tone}"/>${grain}<rect x="-40" y="${f(i * plank + plank - 3)}" width="${w + 80}" height="3" fill="#7e5a40" opacity="0.5"/>`;
      }).join('');
      return `<g transform="rotate(-4 ${w / 2} ${h / 2})">${planks}</g>`;
    }
  }
}

function prop(kind: Prop, x: number, y: number, scale: number): Scene {
  const at = (body: string) => `<g transform="translate(${f(x)} ${f(y)}) scale(${f(scale)})">${body}</g>`;
  const shadow = (body: string) =>
    `<g transform="translate(${f(x + 10 * scale)} ${f(y + 16 * scale)}) scale(${f(scale)})" opacity="0.25" filter="url(#blur24)">${body}</g>`;
  switch (kind) {
    case 'coffee':
      return {
        back: shadow('<circle r="130" fill="#3b2620"/>'),
        front: at(
          `<circle r="130" fill="#faf7f2"/><circle r="112" fill="none" stroke="#e8e0d6" stroke-width="3"/><circle r="78" fill="#f6f1ea"/><circle r="62" fill="url(#coffee)"/><ellipse cx="-18" cy="-20" rx="18" ry="10" fill="#e8c9a2" opacity="0.5"/><path d="M 74 -16 C 118 -18 118 18 74 16" fill="none" stroke="#f6f1ea" stroke-width="18" stroke-linecap="round"/>` +
            `<radialGradient id="coffee" cx="0.45" cy="0.4" r="0.6"><stop offset="0" stop-color="#a2714b"/><stop offset="1" stop-color="#5a3723"/></radialGradient>`,
        ),
      };
    case 'perfume':
      return {
        back: shadow('<rect x="-80" y="-110" width="160" height="220" rx="26" fill="#3b2620"/>'),
        front: at(
          `<rect x="-80" y="-110" width="160" height="220" rx="26" fill="#f3e6dc" opacity="0.78" stroke="#fffaf3" stroke-width="6"/><rect x="-56" y="-80" width="112" height="168" rx="16" fill="#e7c9b6" opacity="0.8"/><rect x="-40" y="-70" width="16" height="140" rx="8" fill="#fff" opacity="0.55"/><rect x="-34" y="-170" width="68" height="62" rx="10" fill="url(#gold)"/><rect x="-22" y="-164" width="10" height="50" rx="5" fill="#fff5de" opacity="0.6"/>`,
        ),
      };
    case 'book':
      return {
        back: shadow('<rect x="-150" y="-210" width="300" height="420" fill="#3b2620"/>'),
        front: at(
          `<rect x="-150" y="-210" width="300" height="420" rx="4" fill="#f8f3ea"/><path d="M 0 -210 L 0 210" stroke="#d8cdbd" stroke-width="4"/>${Array.from({ length: 12 }, (_, i) => `<path d="M -126 ${-160 + i * 28} L -24 ${-160 + i * 28} M 24 ${-160 + i * 28} L 126 ${-160 + i * 28}" stroke="#c8bcad" stroke-width="5" stroke-linecap="round" opacity="${i === 11 ? 0 : 0.6}"/>`).join('')}`,
        ),
      };
    case 'pearls':
      return {
        back: '',
        front: pearls(x - 160 * scale, y, x, y + 120 * scale, x + 180 * scale, y - 30 * scale, 14, 12 * scale),
      };
    case 'sprig':
      return { back: '', front: sprig(x, y, -30, scale) };
  }
}

const GIRL_LOOKS: readonly { surface: Surface; props: [Prop, number, number, number][]; leaves?: boolean }[] = [
  { surface: 'sheets', props: [['coffee', 0.2, 0.16, 0.9]] },
  {
    surface: 'marble',
    props: [
      ['perfume', 0.82, 0.2, 0.8],
      ['pearls', 0.3, 0.86, 1.1],
    ],
  },
  { surface: 'wood', props: [['book', 0.12, 0.16, 0.7]] },
  { surface: 'rose', props: [['pearls', 0.72, 0.12, 1.2]], leaves: true },
  {
    surface: 'sheets',
    props: [
      ['book', 0.85, 0.82, 0.65],
      ['sprig', 0.12, 0.5, 1],
    ],
  },
  { surface: 'marble', props: [['coffee', 0.84, 0.84, 0.8]] },
  {
    surface: 'wood',
    props: [
      ['sprig', 0.86, 0.96, 1.1],
      ['perfume', 0.15, 0.15, 0.7],
    ],
  },
  { surface: 'sheets', props: [['perfume', 0.83, 0.16, 0.75]], leaves: true },
];

/** Dappled shade from a plant by the window. */
function leafShadows(w: number, h: number, seed: string): string {
  const r = rng(`${seed}leaves`);
  const leaves = Array.from({ length: 9 }, () => {
    const x = r() * w * 0.5;
    const y = r() * h * 0.6;
    return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(40 + r() * 50)}" ry="${f(14 + r() * 14)}" transform="rotate(${f(r() * 180)} ${f(x)} ${f(y)})"/>`;
  });
  return `<g fill="#3b2a20" opacity="0.14" filter="url(#blur8)">${leaves.join('')}</g>`;
}

/** A "customer photo": the piece on a bed, a marble table or a wooden floor, with a prop or two. */
function girlScene(g: Garment, variant: number, w: number, h: number, seed: string): Scene {
  const r = rng(seed);
  const look = GIRL_LOOKS[variant % GIRL_LOOKS.length]!;
  const { frame } = shapeOf(g, false);
  const angle = (r() - 0.5) * 30;
  const scale = frame.scale * 0.6 * (0.92 + r() * 0.16);
  const props = look.props.map(([kind, px, py, ps]) => prop(kind, px * w, py * h, ps));
  return join(
    { back: surface(look.surface, w, h, seed), front: '' },
    ...props,
    placed(
      g,
      'g0',
      `translate(${f(w / 2 + (r() - 0.5) * 60)} ${f(h / 2)}) rotate(${f(angle)}) scale(${f(scale)}) translate(${-frame.x} ${-frame.y})`,
      {
        hung: false,
        shadow: 14,
      },
    ),
    { back: (look.leaves ? leafShadows(w, h, seed) : '') + windowLight(w, h, seed) + vignette(w, h), front: '' },
  );
}

/** Editorial banners with open space on the left for the storefront's overlay text. */
function bannerScene(art: Extract<Artwork, { kind: 'banner' }>, w: number, h: number, seed: string): Scene {
  const desktop = art.format === 'desktop';
  const first = art.garments[0];
  const second = art.garments[1];
  const scenes: Scene[] = [];
  // `scale` maps garment space to banner pixels; pieces shown together share one scale so a brief
  // is not drawn as large as the bra it matches.
  const place = (g: Garment, id: string, cx: number, cy: number, scale: number, rotate: number, hung: boolean) => {
    const { frame } = shapeOf(g, hung);
    return placed(
      g,
      id,
      `translate(${f(cx)} ${f(cy)}) rotate(${rotate}) scale(${f(scale)}) translate(${-frame.x} ${-frame.y})`,
      { hung, shadow: 22 },
    );
  };
  const scaleToHeight = (g: Garment, height: number, hung: boolean) => (height / 1800) * shapeOf(g, hung).frame.scale;
  if (art.variant % 2 === 0) {
    // A slip on a hanger in an arched niche, pearls spilling at its feet.
    const base = '#e2c9bf';
    const cx = desktop ? w * 0.68 : w * 0.5;
    scenes.push({
      back:
        studio(w, h, { top: lighten(base, 0.3), bottom: base }, seed) +
        drape(w, h, base, seed, 0.8, false) +
        arch(cx, desktop ? h * 0.06 : h * 0.12, desktop ? h * 0.78 : w * 0.74, h * 1.2, lighten(base, 0.35)),
      front: '',
    });
    if (first) {
      const hung = HANGING.includes(first.shape);
      scenes.push(
        place(
          first,
          'g0',
          cx,
          desktop ? h * 0.53 : h * 0.55,
          scaleToHeight(first, desktop ? h * 1.02 : h * 0.78, hung),
          0,
          hung,
        ),
      );
    }
    scenes.push({
      back: '',
      front: desktop
        ? pearls(cx - h * 0.62, h * 0.9, cx - h * 0.45, h * 0.99, cx - h * 0.28, h * 0.88, 14, 15)
        : pearls(w * 0.12, h * 0.93, w * 0.3, h * 0.99, w * 0.46, h * 0.94, 12, 13),
    });
  } else {
    // A flat lay on linen: the bralette and its brief side by side, eucalyptus alongside.
    const base = '#e4dbcf';
    scenes.push({
      back: studio(w, h, { top: lighten(base, 0.3), bottom: base }, seed) + drape(w, h, base, seed, 1, false),
      front: '',
    });
    const scale = first ? scaleToHeight(first, desktop ? h * 1.15 : h * 0.64, false) : 1;
    if (first)
      scenes.push(place(first, 'g0', desktop ? w * 0.6 : w * 0.5, desktop ? h * 0.5 : h * 0.32, scale, -6, false));
    // Briefs are drawn wide in garment space; 0.78 brings one back to the size of its bra.
    if (second)
      scenes.push(
        place(second, 'g1', desktop ? w * 0.8 : w * 0.5, desktop ? h * 0.54 : h * 0.7, scale * 0.78, 8, false),
      );
    scenes.push({
      back: '',
      front: desktop ? sprig(w * 0.985, h * 1.05, -24, 1.4) : sprig(w * 0.94, h * 1.03, -12, 1.2),
    });
  }
  scenes.push({ back: vignette(w, h), front: '' });
  return join(...scenes);
}

function storyScene(art: Extract<Artwork, { kind: 'story' }>, w: number, h: number, seed: string): Scene {
  const v = art.variant % 3;
  if (v === 0) {
    // Silk close up, in the house colours.
    return { back: silk(w, h, art.garments[0]?.color ?? '#d9b8a8', seed) + vignette(w, h), front: '' };
  }
  if (v === 1) {
    // The atelier table: fabric swatches, a tape measure and pearls.
    const swatch = (s: Garment, i: number) => {
      const x = 150 + i * 210;
      const y = 210 + (i % 2) * 90;
      const rot = `rotate(${-8 + i * 5} ${x + 110} ${y + 150})`;
      return {
        back: `<rect x="${x + 10}" y="${y + 16}" width="220" height="300" fill="#3b2620" opacity="0.2" filter="url(#blur8)" transform="${rot}"/>`,
        front: `<g transform="${rot}"><rect x="${x}" y="${y}" width="220" height="300" fill="${s.color}"/><rect x="${x}" y="${y}" width="220" height="300" fill="url(#swatchSheen)"/></g>`,
      };
    };
    const ticks = Array.from(
      { length: 41 },
      (_, i) =>
        `<line x1="${i * 22}" y1="-10" x2="${i * 22}" y2="${i % 5 === 0 ? 10 : 2}" stroke="#5a4636" stroke-width="2"/>`,
    ).join('');
    const sheen = `<linearGradient id="swatchSheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.4" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.55" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>`;
    return join({ back: studio(w, h, TONES.linen, seed), front: sheen }, ...art.garments.slice(0, 4).map(swatch), {
      back: `<rect x="120" y="750" width="900" height="46" fill="#3b2620" opacity="0.18" filter="url(#blur8)" transform="rotate(-6 120 760)"/>${vignette(w, h)}`,
      front: `<g transform="translate(110 760) rotate(-6)"><rect x="0" y="-10" width="900" height="42" fill="#efd9a8"/>${ticks}</g>${pearls(900, 150, 1080, 320, 1030, 640, 14, 14)}`,
    });
  }
  // A dress form wearing a slip, in soft window light.
  const g = art.garments[0];
  const form = `<path d="M 420 250 C 420 150 780 150 780 250 C 800 400 760 520 770 700 C 790 900 760 1200 740 1350 L 460 1350 C 440 1200 410 900 430 700 C 440 520 400 400 420 250 Z" fill="#d8cbbd"/><path d="M 600 160 L 600 250" stroke="#8a6f55" stroke-width="26"/><rect x="590" y="1350" width="20" height="420" fill="#8a6f55"/><path d="M 470 1760 L 730 1760" stroke="#8a6f55" stroke-width="16" stroke-linecap="round"/>`;
  const t = `translate(${w * 0.5 - 240} 40) scale(0.5)`;
  return join(
    {
      back:
        studio(w, h, TONES.dove, seed) +
        arch(w * 0.5, h * 0.04, w * 0.5, h * 1.1, '#efebe6') +
        `<g transform="${t}"><g transform="translate(30 40)" opacity="0.2" filter="url(#blur24)">${form}</g></g>`,
      front: `<g transform="${t}">${form}</g>`,
    },
    g ? placed(g, 'g0', `${t} translate(0 -60)`, { hung: false, shadow: 10 }) : { back: '', front: '' },
    { back: windowLight(w, h, seed) + vignette(w, h), front: sprig(w * 0.86, h * 0.98, -18, 1.2) },
  );
}

function sceneOf(art: Artwork, w: number, h: number, seed: string): Scene {
  switch (art.kind) {
    case 'product':
      return productScene(art.garment, art.variant, seed);
    case 'categoryTile':
      return categoryScene(art.garment, art.background, w, h, seed);
    case 'girl':
      return girlScene(art.garment, art.variant, w, h, seed);
    case 'banner':
      return bannerScene(art, w, h, seed);
    case 'story':
      return storyScene(art, w, h, seed);
  }
}

/** The back layer is rendered at this fraction of the final size: it holds only soft content. */
export const BACK_SCALE = 4;

/** The two SVG documents of an artwork: `back` is drawn small (everything in it is blurry anyway). */
export function artworkSvg(art: Artwork, seed: string): { back: string; front: string } {
  const { width: w, height: h } = canvasSize(art);
  const scene = sceneOf(art, w, h, seed);
  const doc = (width: number, height: number, body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${w} ${h}"><defs>${SHARED_DEFS}</defs>${body}</svg>`;
  return { back: doc(w / BACK_SCALE, h / BACK_SCALE, scene.back), front: doc(w, h, scene.front) };
}
