// A local fake of the S3 object calls the shop uses (PutObject, DeleteObject, GetObject, path-style
// addressing), so the official AWS SDK can be tested offline. It checks that requests are signed
// with AWS Signature V4 for the expected access key, and answers S3's XML errors otherwise.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StoredObject = { body: Buffer; contentType: string | undefined; cacheControl: string | undefined };

export async function startS3Fake(options: { bucket: string; accessKeyId: string }) {
  const objects = new Map<string, StoredObject>();
  const requests: { method: string; key: string }[] = [];
  let failNext = 0;

  const body = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
      req.on('error', reject);
    });
  const xmlError = (code: string, message: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const data = await body(req);
    requests.push({ method: req.method ?? '', key });
    const send = (status: number, payload = '', headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(payload);
    };
    const auth = String(req.headers.authorization ?? '');
    if (!auth.startsWith('AWS4-HMAC-SHA256 ') || !auth.includes(`Credential=${options.accessKeyId}/`)) {
      return send(403, xmlError('AccessDenied', 'Access Denied'));
    }
    if (bucket !== options.bucket) return send(404, xmlError('NoSuchBucket', 'The specified bucket does not exist'));
    if (failNext > 0) {
      failNext--;
      return send(500, xmlError('InternalError', 'We encountered an internal error. Please try again.'));
    }
    if (req.method === 'PUT') {
      objects.set(key, {
        body: data,
        contentType: req.headers['content-type'],
        cacheControl: req.headers['cache-control'] as string | undefined,
      });
      return send(200, '', { etag: '"fake"' });
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return send(204);
    }
    if (req.method === 'GET') {
      const found = objects.get(key);
      if (!found) return send(404, xmlError('NoSuchKey', 'The specified key does not exist.'));
      res.writeHead(200, { 'content-type': found.contentType ?? 'application/octet-stream' });
      return res.end(found.body);
    }
    return send(405, xmlError('MethodNotAllowed', 'The specified method is not allowed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    /** The next `n` requests answer S3's 500 InternalError (the SDK retries). */
    failNextRequests(n: number) {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
