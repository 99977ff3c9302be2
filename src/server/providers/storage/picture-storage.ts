// Where uploaded pictures live: behind this interface, local disk (DATA_DIR/uploads, served at
// /uploads/) by default. A store only ever sees keys the server made (random names), never a name
// from the browser.
import { AppError } from '../../http/errors.js';

/** The store has no room left (disk full, quota). Nothing of the upload stays behind. */
export class StorageFull extends AppError {
  constructor() {
    super(
      507,
      'storage_full',
      'There is no room left to store pictures. Free some space (or raise the quota) and upload again.',
    );
  }
}

export type PictureStorage = {
  readonly kind: 'local' | 's3';
  /** Stores one file under `key` (e.g. `pictures/3f…a1.jpg`), replacing nothing that a reader could see half-written. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes a file; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** What item.pictures holds for this key: `/uploads/<key>` on local disk, an absolute address on S3. */
  publicPath(key: string): string;
};

/** Keys the server makes: a folder, a random hex name, an optional variant suffix and a 4-character extension (spec §9). */
export const STORAGE_KEY_PATTERN = /^[a-z]+\/[0-9a-f]{32}(?:-preview|-small)?\.(?:jpg|mp4|mov)$/;

export function assertStorageKey(key: string) {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${key}`);
}
