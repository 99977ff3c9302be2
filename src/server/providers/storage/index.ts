// The picture store the config asks for: local disk by default, S3 when S3_BUCKET is set.
import path from 'node:path';
import type { Config } from '../../config.js';
import { localPictureStorage } from './local-storage.js';
import type { PictureStorage } from './picture-storage.js';

export type { PictureStorage } from './picture-storage.js';

export async function pictureStorage(config: Config): Promise<PictureStorage> {
  // Loaded only when used: the AWS SDK is large and a shop on local disk never needs it.
  if (config.storage.kind === 's3') return (await import('./s3-storage.js')).s3PictureStorage(config.storage);
  return localPictureStorage(path.join(config.dataDir, 'uploads'));
}
