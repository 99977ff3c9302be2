// Pictures on local disk under DATA_DIR/uploads, served by the app at /uploads/ (app.ts).
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, StorageFull, type PictureStorage } from './picture-storage.js';

const isDiskFull = (err: unknown) =>
  ['ENOSPC', 'EDQUOT'].includes((err as NodeJS.ErrnoException | undefined)?.code ?? '');

export function localPictureStorage(uploadsDir: string): PictureStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(uploadsDir, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      // Written aside and renamed: the static server never serves a half-written file.
      const temp = `${file}.${process.pid}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temp, body, { flag: 'wx' });
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true }).catch(() => {});
        throw isDiskFull(err) ? new StorageFull() : err;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    publicPath: (key) => {
      assertStorageKey(key);
      return `/uploads/${key}`;
    },
  };
}
