// Picture storage on an S3-compatible bucket (S3_BUCKET set): the official AWS SDK against a local
// fake of S3's HTTP API. The picture and its variants land in the bucket, not on disk, and the shop
// refers to them by the bucket's public address.
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/contract/catalog.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { securityHeaders } from '../../src/server/http/security-headers.js';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';
import { startS3Fake } from '../support/fakes/s3-fake.js';

const S3 = { bucket: 'shop-pictures', accessKeyId: 'AKIAFAKE', secret: 'fake-secret' };
let fake: Awaited<ReturnType<typeof startS3Fake>>;
let t: AdminTestApp;
beforeAll(async () => {
  fake = await startS3Fake({ bucket: S3.bucket, accessKeyId: S3.accessKeyId });
  t = await createAdminTestApp({
    fixture: 'empty',
    env: {
      S3_BUCKET: S3.bucket,
      S3_ENDPOINT: fake.url,
      S3_ACCESS_KEY_ID: S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3.secret,
      S3_PUBLIC_URL: 'https://pictures.example/',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function upload(body: Buffer, type = 'image/jpeg', filename = 'look.jpg') {
  const boundary = '----s3upload';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/uploadPicture',
    headers: {
      cookie: t.adminCookie,
      origin: t.config.publicUrl,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}
const photo = () =>
  sharp({ create: { width: 800, height: 1200, channels: 3, background: '#c98f8a' } })
    .jpeg()
    .toBuffer();

describe('pictures on S3', () => {
  it('puts the picture and its variants in the bucket, signed, and answers their public addresses', async () => {
    const res = await upload(await photo());
    expect(res.statusCode, res.body).toBe(200);
    const address = res.json() as string;
    expect(address).toMatch(/^https:\/\/pictures\.example\/pictures\/[0-9a-f]{32}\.jpg$/);
    const key = address.replace('https://pictures.example/', '');
    const keys = [key, key.replace(/\.jpg$/, '-preview.jpg'), key.replace(/\.jpg$/, '-small.jpg')];
    for (const k of keys) {
      const object = fake.objects.get(k);
      expect(object, k).toBeDefined();
      expect(object!.contentType).toBe('image/jpeg');
      expect(object!.cacheControl).toBe('public, max-age=31536000, immutable');
    }
    expect((await sharp(fake.objects.get(keys[1]!)!.body).metadata()).width).toBe(400);
    // Nothing on local disk.
    const local = path.join(t.dataDir, 'uploads', 'pictures');
    expect(existsSync(local) ? readdirSync(local) : []).toEqual([]);
  });

  it('stores videos in the bucket too', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypmp42'), Buffer.alloc(8)]);
    const res = await upload(mp4, 'video/mp4', 'clip.mp4');
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.objects.get((res.json() as string).replace('https://pictures.example/', ''))!.contentType).toBe(
      'video/mp4',
    );
  });

  it('an item can use the bucket address, and the storefront shows it', async () => {
    const path = (await upload(await photo())).json() as string;
    const created = await t.admin('POST', '/admin/api/createItem', {
      title: 'Bucket Slip',
      published: true,
      pictures: [path],
    });
    expect(created.statusCode, created.body).toBe(200);
    const page = (await t.app.inject({ method: 'GET', url: '/product?url=bucket-slip' })).json() as Product;
    expect(page.pictures).toEqual([path]);
  });

  it('rides out a passing S3 error (the SDK retries)', async () => {
    fake.failNextRequests(1);
    expect((await upload(await photo())).statusCode).toBe(200);
  });

  it('lets pages load pictures from the bucket (Content-Security-Policy)', () => {
    const csp = securityHeaders(t.config).document['content-security-policy']!;
    expect(csp).toContain("img-src 'self' data: blob: https://pictures.example");
    expect(csp).toContain("media-src 'self' https://pictures.example");
  });
});

describe('S3 settings', () => {
  const base = { DATA_DIR: os.tmpdir(), SESSION_SECRET: 'x'.repeat(32) };
  it('defaults to local disk, and to the AWS address of the bucket', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ ...base, S3_BUCKET: 'b', S3_REGION: 'eu-west-1' }).storage).toMatchObject({
      kind: 's3',
      publicUrl: 'https://b.s3.eu-west-1.amazonaws.com',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
  });
  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000' }, 'S3_PUBLIC_URL'],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT'],
    [{ UPLOAD_MAX_MB: 'lots' }, 'UPLOAD_MAX_MB'],
  ])('stops on %o naming %s', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`\\b${name}\\b`));
  });
});
