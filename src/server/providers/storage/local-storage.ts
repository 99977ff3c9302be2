// Pictures on local disk under DATA_DIR/uploads, served by the app at /uploads/ (app.ts).
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type PictureStorage } from './picture-storage.js';

export function localPictureStorage(uploadsDir: string): PictureStorage {
  const fileOf = (key: string) => {
    assertStorageKey(key);
    return path.join(uploadsDir, ...key.split('/'));
  };
  return {
    kind: 'local',
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: the static server never serves a half-written file.
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, body, { flag: 'wx' });
      await rename(temp, file);
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
