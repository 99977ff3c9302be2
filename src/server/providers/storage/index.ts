// The picture store the config asks for.
import path from 'node:path';
import type { Config } from '../../config.js';
import { localPictureStorage } from './local-storage.js';
import type { PictureStorage } from './picture-storage.js';

export type { PictureStorage } from './picture-storage.js';

export function pictureStorage(config: Config): PictureStorage {
  return localPictureStorage(path.join(config.dataDir, 'uploads'));
}
