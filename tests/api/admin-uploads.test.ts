// /uploadPicture: images and videos only (judged by their bytes), size-limited, stored under random
// names with the -preview.jpg and -small.jpg variants of spec §9; attacks through names and types fail.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, type AdminTestApp } from '../support/admin-session.js';

let t: AdminTestApp;
let small: AdminTestApp;
beforeAll(async () => {
  t = await createAdminTestApp({ fixture: 'empty' });
  small = await createAdminTestApp({ fixture: 'empty', env: { UPLOAD_MAX_MB: '1' } });
});
afterAll(async () => {
  await t.close();
  await small.close();
});

function multipart(parts: { field: string; filename?: string; type?: string; body: Buffer | string }[]) {
  const boundary = `----shop${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(app: AdminTestApp, file: { filename?: string; type?: string; body: Buffer | string; field?: string }) {
  const { payload, contentType } = multipart([
    {
      field: file.field ?? 'file',
      filename: file.filename ?? 'photo.jpg',
      type: file.type ?? 'image/jpeg',
      body: file.body,
    },
  ]);
  return app.app.inject({
    method: 'POST',
    url: '/uploadPicture',
    headers: { cookie: app.adminCookie, origin: app.config.publicUrl, 'content-type': contentType },
    payload,
  });
}

const photo = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({
    create: { width, height, channels: format === 'png' ? 4 : 3, background: { r: 200, g: 150, b: 140, alpha: 0.5 } },
  })
    [format]()
    .toBuffer();
const fileOf = (app: AdminTestApp, webPath: string) => path.join(app.dataDir, ...webPath.split('/').filter(Boolean));
const storedFiles = (app: AdminTestApp) => {
  const dir = path.join(app.dataDir, 'uploads', 'pictures');
  return existsSync(dir) ? readdirSync(dir) : [];
};
// A minimal ISO base media file: an `ftyp` box (brand isom) and an empty `mdat`.
const mp4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('mdat'),
]);

describe('POST /uploadPicture', () => {
  it('stores a JPEG under a random name with its -preview.jpg and -small.jpg, served at /uploads/', async () => {
    const res = await upload(t, { body: await photo(1200, 1800) });
    expect(res.statusCode, res.body).toBe(200);
    // The answer is the stored picture's path (spec §7), a JSON string; its variants sit next to it (spec §9).
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const stored = res.json() as string;
    expect(stored).toMatch(/^\/uploads\/pictures\/[0-9a-f]{32}\.jpg$/);
    const answer = {
      path: stored,
      preview: stored.replace(/\.jpg$/, '-preview.jpg'),
      small: stored.replace(/\.jpg$/, '-small.jpg'),
    };
    const [main, preview, tiny] = await Promise.all(
      [answer.path, answer.preview, answer.small].map((p) => sharp(fileOf(t, p)).metadata()),
    );
    expect([main!.width, main!.height]).toEqual([1200, 1800]);
    expect([preview!.width, preview!.height]).toEqual([600, 900]);
    expect(tiny!.width).toBe(20);
    for (const p of [answer.path, answer.preview, answer.small]) {
      const served = await t.app.inject({ method: 'GET', url: p });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      // Pictures are shown in emails too, by webmail pages of another origin.
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
      // Opened on its own, an uploaded file runs nothing and is sandboxed away from the shop's origin.
      expect(served.headers['content-security-policy']).toBe(
        "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
      );
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('turns other image formats into JPEG (the storefront shows .jpg as a plain image) and scales huge ones down', async () => {
    const res = await upload(t, {
      filename: 'transparent.png',
      type: 'image/png',
      body: await photo(3000, 6000, 'png'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatch(/\.jpg$/);
    const meta = await sharp(fileOf(t, res.json())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.height).toBe(3600);
    expect(meta.hasAlpha).toBe(false);
  });

  it('drops the photo’s metadata (camera, GPS)', async () => {
    const withExif = await sharp(await photo(400, 600))
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'someone' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await upload(t, { body: withExif });
    expect((await sharp(fileOf(t, res.json())).metadata()).exif).toBeUndefined();
  });

  it('gives every upload a new random name, whatever the file was called', async () => {
    const body = await photo(300, 450);
    const names = [
      '../../../../etc/passwd.jpg',
      '..\\..\\boot.ini.jpg',
      '/absolute/x.jpg',
      'a%2F..%2Fb.jpg',
      'same.jpg',
      'same.jpg',
    ];
    const paths = new Set<string>();
    for (const filename of names) {
      const res = await upload(t, { filename, body });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatch(/^\/uploads\/pictures\/[0-9a-f]{32}\.jpg$/);
      paths.add(res.json());
    }
    expect(paths.size).toBe(names.length);
    expect(existsSync(path.join(t.dataDir, 'etc'))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'uploads', 'etc'))).toBe(false);
  });

  it('stores an MP4 video as it is, without picture variants', async () => {
    const res = await upload(t, { filename: 'clip.mp4', type: 'video/mp4', body: mp4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatch(/^\/uploads\/pictures\/[0-9a-f]{32}\.mp4$/);
    expect(existsSync(fileOf(t, res.json()))).toBe(true);
    expect(existsSync(fileOf(t, res.json().replace(/\.mp4$/, '-preview.jpg')))).toBe(false);
  });

  it.each([
    ['an HTML page named .jpg', 'evil.jpg', 'image/jpeg', '<html><script>alert(document.cookie)</script></html>'],
    [
      'an SVG with a script named .jpg',
      'logo.jpg',
      'image/jpeg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    ],
    [
      'an SVG declared as SVG',
      'logo.svg',
      'image/svg+xml',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    ],
    ['a PDF named .png', 'doc.png', 'image/png', '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'],
    ['a shell script named .mp4', 'run.mp4', 'video/mp4', '#!/bin/sh\nrm -rf /\n'],
    ['a truncated JPEG', 'broken.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46])],
    ['an empty file', 'empty.jpg', 'image/jpeg', ''],
  ])('refuses %s with 415 and stores nothing', async (_name, filename, type, body) => {
    const before = storedFiles(t).length;
    const res = await upload(t, { filename, type, body: typeof body === 'string' ? Buffer.from(body) : body });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/can be uploaded|empty|could not be read/);
    expect(storedFiles(t).length).toBe(before);
  });

  it('refuses a file over the size limit with 413 and stores nothing', async () => {
    const big = Buffer.concat([await photo(100, 100), Buffer.alloc(1.5 * 1024 * 1024, 1)]);
    const res = await upload(small, { body: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than 1 MB');
    expect(storedFiles(small)).toEqual([]);
    // Just under the limit goes through.
    expect((await upload(small, { body: await photo(400, 600) })).statusCode).toBe(200);
  });

  it('refuses a request without the multipart field "file"', async () => {
    const wrongField = await upload(t, { field: 'picture', body: await photo(10, 10) });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/field "file"/);
    const json = await t.admin('POST', '/uploadPicture', { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toMatch(/multipart\/form-data/);
  });

  it('answers 401 to a visitor who is not the owner, before reading the file', async () => {
    const { payload, contentType } = multipart([
      { field: 'file', filename: 'a.jpg', type: 'image/jpeg', body: await photo(10, 10) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/uploadPicture',
      headers: { origin: t.config.publicUrl, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

/** A 1 MB tmpfs over the app's uploads folder, or undefined where mounting is not allowed (not root). */
function mountSmallDisk(dir: string): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  mkdirSync(dir, { recursive: true });
  return spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]).status === 0;
}

describe('POST /uploadPicture on a full disk (issue 8)', () => {
  let full: AdminTestApp;
  let uploads = '';
  let mounted = false;
  beforeAll(async () => {
    full = await createAdminTestApp({ fixture: 'empty' });
    uploads = path.join(full.dataDir, 'uploads');
    mounted = mountSmallDisk(uploads);
  });
  afterAll(async () => {
    if (mounted) spawnSync('umount', [uploads]);
    await full.close();
  });

  it('answers a clear error, leaves nothing half-written, and stores again once there is room', async (ctx) => {
    if (!mounted) ctx.skip(); // needs root to mount a small disk; CI runs as root
    // Fill the disk to the last byte.
    const filler = path.join(uploads, 'filler');
    spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k', 'count=64']);
    const refused = await upload(full, { body: await photo(800, 1200) });
    expect(refused.statusCode, refused.body).toBe(507);
    expect(refused.json().message).toMatch(/no room left to store pictures/);
    expect(storedFiles(full)).toEqual([]); // no variant, no temporary file
    expect(readdirSync(uploads).sort()).toEqual(['filler', 'pictures']);

    rmSync(filler);
    const stored = await upload(full, { body: await photo(800, 1200) });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(storedFiles(full)).toHaveLength(3);
  });
});
