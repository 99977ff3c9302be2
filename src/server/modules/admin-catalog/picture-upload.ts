// /uploadPicture's work: decide from the bytes (never the name or the declared type) whether a file
// is an image or a video we accept, and store it under a random name. Images are re-encoded as JPEG
// (which drops metadata such as GPS and anything hidden after the pixels) with the -preview.jpg and
// -small.jpg variants of spec §9 beside them.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { previewOf, smallOf } from '../../../domain/pictures.js';
import { AppError } from '../../http/errors.js';
import type { PictureStorage } from '../../providers/storage/picture-storage.js';

export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, 'too_large', message);
  }
}
export class UnsupportedFile extends AppError {
  constructor(message = 'Only pictures (JPEG, PNG, WebP, GIF, AVIF, TIFF) and videos (MP4, MOV) can be uploaded') {
    super(415, 'unsupported_type', message);
  }
}

/** Image formats as sharp names them after reading the bytes. SVG and PDF are refused. */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);
/** Larger pictures are scaled down to fit (the storefront shows at most about 1200 px wide, twice for dense screens). */
const MAX_SIDE = { width: 2400, height: 3600 };
/** Refuse decompression bombs: a small file that decodes to a huge image. */
const MAX_INPUT_PIXELS = 60_000_000;
const SMALL_WIDTH = 20;

export type StoredUpload = { path: string; kind: 'image' | 'video'; preview: string | null; small: string | null };

/** 'mp4' or 'mov' from an ISO base media file's `ftyp` box, or undefined. Audio-only brands are not video. */
export function videoKindOf(bytes: Buffer): 'mp4' | 'mov' | undefined {
  if (bytes.length < 12 || bytes.toString('latin1', 4, 8) !== 'ftyp') return undefined;
  const brand = bytes.toString('latin1', 8, 12);
  if (brand === 'qt  ') return 'mov';
  if (/^(isom|iso[2-9]|mp41|mp42|avc1|M4V |M4VH|M4VP|dash|3gp\d|3g2\w|mmp4|MSNV|NDAS|f4v )$/.test(brand)) return 'mp4';
  return undefined;
}

const randomName = () => randomBytes(16).toString('hex');

export async function storeUpload(storage: PictureStorage, bytes: Buffer): Promise<StoredUpload> {
  if (bytes.length === 0) throw new UnsupportedFile('The file is empty');
  const video = videoKindOf(bytes);
  if (video) {
    const key = `pictures/${randomName()}.${video}`;
    await storage.put(key, bytes, video === 'mov' ? 'video/quicktime' : 'video/mp4');
    return { path: storage.publicPath(key), kind: 'video', preview: null, small: null };
  }

  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  let format: string | undefined;
  try {
    format = (await input().metadata()).format;
  } catch {
    throw new UnsupportedFile();
  }
  if (!format || !IMAGE_FORMATS.has(format)) throw new UnsupportedFile();

  let main: { data: Buffer; info: { width: number; height: number } };
  try {
    // rotate(): applies the camera's orientation before the metadata is dropped.
    main = await input()
      .rotate()
      .resize({ ...MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 86, progressive: true, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw new PayloadTooLarge('The picture has too many pixels');
    throw new UnsupportedFile('The picture could not be read');
  }
  const { width, height } = main.info;
  const [preview, small] = await Promise.all([
    sharp(main.data)
      .resize(Math.max(1, Math.round(width / 2)), Math.max(1, Math.round(height / 2)))
      .jpeg({ quality: 80, progressive: true, mozjpeg: true })
      .toBuffer(),
    sharp(main.data)
      .resize(SMALL_WIDTH, Math.max(1, Math.round((height / width) * SMALL_WIDTH)))
      .blur(1.2)
      .jpeg({ quality: 60 })
      .toBuffer(),
  ]);

  const key = `pictures/${randomName()}.jpg`;
  // Variants first: once the main file exists, the storefront may ask for its preview. A failed
  // write (a full disk) takes back the variants already written.
  const written: string[] = [];
  try {
    for (const [variant, body] of [
      [previewOf(key), preview],
      [smallOf(key), small],
      [key, main.data],
    ] as const) {
      await storage.put(variant, body, 'image/jpeg');
      written.push(variant);
    }
  } catch (err) {
    await Promise.all(written.map((variant) => storage.remove(variant).catch(() => {})));
    throw err;
  }
  const path = storage.publicPath(key);
  return { path, kind: 'image', preview: previewOf(path), small: smallOf(path) };
}
