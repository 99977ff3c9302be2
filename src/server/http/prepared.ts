// A JSON answer computed once per catalog version: its text, an ETag, and compressed copies made on
// first demand. Browsers always send Accept-Encoding, so they get ~10x fewer bytes for no work.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';

export type Encoding = 'br' | 'gzip' | 'identity';

export class Prepared<T> {
  private text: string | undefined;
  private tag: string | undefined;
  private readonly bodies = new Map<Encoding, Buffer>();
  /** Per-shopper answers (a bag) are compressed cheaply: they are made far more often than catalog ones. */
  private readonly fast: boolean;

  // The text and ETag are made on first use: a catalog snapshot prepares an answer per product, and a
  // big catalog would otherwise serialise thousands of pages nobody has asked for yet.
  constructor(
    readonly value: T,
    options: { json?: string; fast?: boolean } = {},
  ) {
    this.text = options.json;
    this.fast = options.fast ?? false;
  }

  get json(): string {
    return (this.text ??= JSON.stringify(this.value));
  }

  get etag(): string {
    return (this.tag ??= `"${createHash('sha1').update(this.json).digest('base64url').slice(0, 20)}"`);
  }

  /** An answer already serialised (the value is not kept). */
  static fromJson(json: string, options: { fast?: boolean } = {}): Prepared<unknown> {
    return new Prepared<unknown>(undefined, { ...options, json });
  }

  /** The body for an encoding; small answers are not worth compressing. */
  body(encoding: Encoding): Buffer {
    let body = this.bodies.get(encoding);
    if (!body) {
      const raw = Buffer.from(this.json);
      body =
        encoding === 'br'
          ? brotliCompressSync(raw, {
              params: {
                // Best compression for catalog-sized answers (done once per catalog version); a
                // cheaper level for very large ones, so a big catalog does not stall the first request.
                [constants.BROTLI_PARAM_QUALITY]: this.fast ? 4 : raw.length <= 256 * 1024 ? 11 : 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            })
          : encoding === 'gzip'
            ? gzipSync(raw, { level: this.fast ? 4 : 9 })
            : raw;
      this.bodies.set(encoding, body);
    }
    return body;
  }
}

export const MIN_COMPRESS_BYTES = 1024;

/** The encoding to answer with, given the request's Accept-Encoding. */
export function chooseEncoding(acceptEncoding: string | undefined, size: number): Encoding {
  if (!acceptEncoding || size < MIN_COMPRESS_BYTES) return 'identity';
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  if (/\bgzip\b/.test(acceptEncoding)) return 'gzip';
  return 'identity';
}

/**
 * Sends JSON already serialised, past the route's response schema (which then only documents the
 * answer): for answers built in the contract's shape whose re-check would cost more than making them.
 */
export const sendJsonText = (reply: FastifyReply, json: string) =>
  reply.type('application/json; charset=utf-8').send(json);
