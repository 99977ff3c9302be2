// Pictures in an S3-compatible bucket (AWS S3, MinIO, R2, …) through the official AWS SDK; browsers
// load them from S3_PUBLIC_URL. Names are random and never reused, so they are cached for a year.
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';
import { assertStorageKey, type PictureStorage } from './picture-storage.js';

export function s3PictureStorage(config: S3Config): PictureStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    credentials: config.credentials,
    forcePathStyle: config.forcePathStyle,
    // Many S3-compatible services refuse the SDK's newer default checksums: send them only when S3 requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async remove(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    publicPath: (key) => {
      assertStorageKey(key);
      return `${config.publicUrl}/${key}`;
    },
  };
}
