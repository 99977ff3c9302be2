// The shape the shop frames every picture in (2:3, portrait): the owner is told before uploading,
// and after uploading a picture of another shape, which the storefront covers its frame with, centred.

export const PICTURE_SHAPE_HINT =
  'Pictures are shown 2:3 (portrait), e.g. 1200 × 1800 px. Other shapes are cropped to fit, centred.';

/** Within 1% of 2:3: phones' and cameras' exports rarely land on the exact pixel. */
export function isTwoByThree(width: number, height: number): boolean {
  if (width <= 0 || height <= 0) return false;
  return Math.abs((width / height) * 1.5 - 1) <= 0.01;
}

/** What to tell the owner about an uploaded picture's shape; null when it is 2:3. */
export function pictureShapeNote(fileName: string, width: number, height: number): string | null {
  if (isTwoByThree(width, height)) return null;
  return `${fileName} is ${width} × ${height} px, not 2:3: the shop crops it to fit its frames, centred. For the whole picture, upload it 2:3, e.g. 1200 × 1800 px.`;
}

/** The pixel size of an image file, or null for a video or a file the browser cannot decode. */
export async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
