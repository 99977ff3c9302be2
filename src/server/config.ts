// Environment parsed once at boot. Nothing else in the code reads process.env.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp, hint: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => URL.canParse(v) && protocols.test(new URL(v).protocol), { message: hint })
      .optional(),
  );

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * Which proxies' X-Forwarded-For to believe: the number of proxies in front of the shop (`true` is
 * one), or their addresses. Never "every hop": the left-most entries are whatever the client wrote,
 * and rate limits keyed by them could be dodged with a made-up header.
 */
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('false')
    .transform((value, ctx): false | number | string[] => {
      const v = value.trim();
      if (v === 'false' || v === '0') return false;
      if (v === 'true') return 1;
      if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
      const list = v.split(',').map((entry) => entry.trim());
      if (list.every(isProxyAddress)) return list;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false, the number of proxies in front of the shop (true means 1), or their addresses such as 10.0.0.0/8,loopback',
      });
      return z.NEVER;
    }),
);

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
    PUBLIC_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL such as https://shop.example.com'),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// URL'),
    SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Murashki <hello@murashki.shop>')),
    SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default('care@murashki.shop')),
    SESSION_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email('must be an email address').optional()),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(10, 'must be at least 10 characters').optional()),
    SEED: z.preprocess(emptyToUndefined, z.enum(['demo', 'none']).optional()),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    TRUST_PROXY: trustProxy,
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    PAYPAL_CLIENT_ID: optionalString,
    PAYPAL_CLIENT_SECRET: optionalString,
    UPLOAD_MAX_MB: z.preprocess(emptyToUndefined, z.coerce.number().positive().max(2048).default(50)),
    S3_BUCKET: optionalString,
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    S3_ENDPOINT: optionalUrl(/^https?:$/, 'must be an http(s) URL such as https://s3.example.com'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL such as https://pictures.example.com'),
    S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
    SHIPPO_API_TOKEN: optionalString,
    SHIPPO_API_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL such as https://api.goshippo.com'),
    PAYPAL_API_BASE: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { message: 'must be an http(s) URL' })
        .default('https://api-m.paypal.com'),
    ),
    /** Where browsers load PayPal's JS SDK from (a local fake in tests). */
    PAYPAL_SDK_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { message: 'must be an http(s) URL' })
        .default('https://www.paypal.com/sdk/js'),
    ),
    // Issue 28 (abandoned checkouts): journeys and demos only; a checkout counts as abandoned after
    // this many seconds instead of Settings › abandon-after minutes. Refused in production.
    ABANDON_AFTER_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(86_400).optional()),
    // Back-office sign-ins one address may try in 15 minutes (default 20): raise it for a team behind
    // one address (an office's NAT), or for the journeys, which all sign in from 127.0.0.1.
    SIGNIN_LIMIT_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).optional()),
    // Issue 29 (webhooks): the signing secret of the shop's endpoint in Stripe's dashboard (whsec_…), and
    // the id PayPal gave the shop's webhook; each endpoint answers 404 until its value is set.
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().startsWith('whsec_', "must be the endpoint's signing secret from Stripe (whsec_…)").optional(),
    ),
    PAYPAL_WEBHOOK_ID: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, "must be the webhook's id from PayPal's developer dashboard")
        .optional(),
    ),
    // Issue 29: Stripe's API address (tests point it at a local fake), as SHIPPO_API_URL.
    STRIPE_API_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL such as https://api.stripe.com'),
    // Issue 29 (metrics): GET /metrics behind a bearer token, and/or on a port of its own (decision 046).
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(16, 'must be at least 16 characters')
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII with no spaces')
        .optional(),
    ),
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
    METRICS_HOST: optionalString,
    // Issue 29 #6: where tax rates come from: the table shipped with the code, or Stripe Tax (decision 048).
    TAX_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['table', 'stripe']).default('table')),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    // A half-configured provider would silently fall back to the sandbox: refuse to start instead.
    for (const [a, b] of [
      ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'],
      ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
      ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    ] as const) {
      if ((env[a] === undefined) !== (env[b] === undefined)) {
        ctx.addIssue({ code: 'custom', path: [env[a] ? b : a], message: `${a} and ${b} must be set together` });
      }
    }
    if (!env.S3_BUCKET) {
      for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_PUBLIC_URL'] as const) {
        if (env[name] !== undefined)
          ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `is required when ${name} is set` });
      }
    } else if (env.S3_ENDPOINT && !env.S3_PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_PUBLIC_URL'],
        message: 'is required with S3_ENDPOINT (where browsers load the pictures from)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
    if (env.NODE_ENV === 'production' && env.ABANDON_AFTER_SECONDS !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ABANDON_AFTER_SECONDS'],
        message: 'is for tests and demos, not production',
      });
    }
    // Issue 29 (webhooks): an endpoint's events are about the payments of its provider.
    if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'needs STRIPE_SECRET_KEY: the shop takes no Stripe payments without it',
      });
    }
    if (env.PAYPAL_WEBHOOK_ID && !env.PAYPAL_CLIENT_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYPAL_WEBHOOK_ID'],
        message: "needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: PayPal's events are verified through its API",
      });
    }
    // Issue 29 (metrics).
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
    }
    if (env.METRICS_HOST !== undefined && env.METRICS_PORT === undefined) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'is required when METRICS_HOST is set' });
    }
    if (env.TAX_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TAX_PROVIDER'],
        message: 'stripe needs STRIPE_SECRET_KEY (and its pair)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  sessionSecret: string;
  admin: { email: string; password: string } | undefined;
  seed: 'demo' | 'none' | undefined;
  logLevel: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses (see TRUST_PROXY). */
  trustProxy: false | number | string[];
  /** Card payments through Stripe when both keys are set, else the sandbox. */
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        /** Issue 29: STRIPE_API_URL (every Stripe call: payments, webhooks, tax), else Stripe's own address. */
        api?: StripeApi | undefined;
      }
    | undefined;
  /** The express button through PayPal's REST API when both keys are set, else the sandbox. */
  paypal: { clientId: string; clientSecret: string; apiBase: string; sdkUrl: string } | undefined;
  /** Shipping labels through Shippo when SHIPPO_API_TOKEN is set, else the built-in table provider. */
  shippo: { token: string; apiUrl: string } | undefined;
  /** Largest file /uploadPicture accepts. */
  uploadMaxBytes: number;
  /** Where uploaded pictures go: DATA_DIR/uploads, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: { kind: 'local' } | S3Config;
  /** Issue 28: ABANDON_AFTER_SECONDS (journeys, demos), else undefined: Settings › abandon-after decides. */
  abandonAfterSeconds?: number | undefined;
  /** SIGNIN_LIMIT_PER_ADDRESS, else undefined: the default of SIGNIN_LIMITS. */
  signinLimitPerAddress?: number | undefined;
  /** Issue 29: the webhooks' secrets (STRIPE_WEBHOOK_SECRET, PAYPAL_WEBHOOK_ID); an endpoint without one answers 404. */
  webhooks?: { stripeSecret: string | undefined; paypalWebhookId: string | undefined } | undefined;
  /**
   * Issue 29: GET /metrics, off (undefined) unless METRICS_TOKEN or METRICS_PORT is set. With a port it
   * is served there only (a token, when set too, is asked there); else on the shop's port with the token.
   */
  metrics?: { token: string | undefined; port: number | undefined; host: string } | undefined;
  /** Issue 29 #6: the tax rates' source (TAX_PROVIDER): the shipped table, or Stripe Tax. */
  taxProvider: 'table' | 'stripe';
};

export type StripeApi = { host: string; port: number; protocol: 'http' | 'https' };

export type S3Config = {
  kind: 's3';
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  /** Unset: the AWS SDK's own credential chain (instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The address browsers load pictures from, without a trailing slash. */
  publicUrl: string;
  forcePathStyle: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    sessionSecret: env.SESSION_SECRET ?? generatedSecret(dataDir),
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    seed: env.SEED,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            ...(env.STRIPE_API_URL ? { api: stripeApiOf(env.STRIPE_API_URL) } : {}),
          }
        : undefined,
    paypal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? {
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            apiBase: env.PAYPAL_API_BASE.replace(/\/+$/, ''),
            sdkUrl: env.PAYPAL_SDK_URL,
          }
        : undefined,
    shippo: env.SHIPPO_API_TOKEN
      ? { token: env.SHIPPO_API_TOKEN, apiUrl: (env.SHIPPO_API_URL ?? 'https://api.goshippo.com').replace(/\/+$/, '') }
      : undefined,
    uploadMaxBytes: Math.round(env.UPLOAD_MAX_MB * 1024 * 1024),
    storage: env.S3_BUCKET
      ? {
          kind: 's3',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          publicUrl: (env.S3_PUBLIC_URL ?? `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`).replace(
            /\/+$/,
            '',
          ),
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        }
      : { kind: 'local' },
    abandonAfterSeconds: env.ABANDON_AFTER_SECONDS,
    signinLimitPerAddress: env.SIGNIN_LIMIT_PER_ADDRESS,
    webhooks: { stripeSecret: env.STRIPE_WEBHOOK_SECRET, paypalWebhookId: env.PAYPAL_WEBHOOK_ID },
    metrics:
      env.METRICS_TOKEN || env.METRICS_PORT
        ? { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST ?? env.HOST }
        : undefined,
    taxProvider: env.TAX_PROVIDER,
  };
}

/** STRIPE_API_URL as the Stripe SDK's host, port and protocol. */
function stripeApiOf(url: string): StripeApi {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** Outside production a missing SESSION_SECRET is generated once and kept in DATA_DIR. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
