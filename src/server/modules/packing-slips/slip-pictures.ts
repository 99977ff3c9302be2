// Where a packing slip finds an order line's picture: its -small.jpg variant (spec §9), else the
// picture itself, read from the uploads folder for '/uploads/…' paths, or fetched from the shop's
// own S3 address. Any other address (another site, a video) shows an empty frame: the server fetches
// nothing a picture field could point it at.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isPlainImage, smallOf } from '../../../domain/pictures.js';
import type { PictureSource } from './packing-slip-pdf.js';

/** Pictures bigger than this are not embedded (a small variant is ~20 kB). */
const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5_000;

const isJpegOrPng = (b: Buffer) =>
  (b[0] === 0xff && b[1] === 0xd8) || (b[0] === 0x89 && b.subarray(1, 4).toString('latin1') === 'PNG');

export function slipPictures(where: { uploadsDir: string; remoteBase?: string | undefined }): PictureSource {
  const root = path.resolve(where.uploadsDir);

  async function local(picture: string): Promise<Buffer | null> {
    let relative: string;
    try {
      relative = decodeURIComponent(picture.slice('/uploads/'.length));
    } catch {
      return null;
    }
    const file = path.resolve(root, relative);
    if (!file.startsWith(`${root}${path.sep}`)) return null;
    try {
      return await readFile(file);
    } catch {
      return null;
    }
  }

  async function remote(url: string): Promise<Buffer | null> {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
      if (!res.ok) return null;
      const bytes = Buffer.from(await res.arrayBuffer());
      return bytes.length <= MAX_PICTURE_BYTES ? bytes : null;
    } catch {
      return null;
    }
  }

  async function read(picture: string): Promise<Buffer | null> {
    if (picture.startsWith('/uploads/')) return local(picture);
    if (where.remoteBase && picture.startsWith(`${where.remoteBase}/`)) return remote(picture);
    return null;
  }

  return async (picture) => {
    if (!picture || !isPlainImage(picture)) return null;
    for (const candidate of [smallOf(picture), picture]) {
      const bytes = await read(candidate);
      if (bytes && bytes.length <= MAX_PICTURE_BYTES && isJpegOrPng(bytes)) return bytes;
    }
    return null;
  };
}
