// The security headers of every answer, computed once at boot (helmet's defaults with our Content
// Security Policy), instead of a chain of per-request middlewares: the hot catalog reads are
// measured against a hello world. Document policies (CSP, framing, opener) only mean something on
// HTML, so JSON and files carry the short set.
import { createHash } from 'node:crypto';
import { ENTRY_LOADER } from '../../web/entry-loader.js';
import type { Config } from '../config.js';

/** The page's one inline script, allowed by its hash. */
export const ENTRY_LOADER_HASH = `'sha256-${createHash('sha256').update(ENTRY_LOADER).digest('base64')}'`;

export type SecurityHeaders = { api: Record<string, string>; document: Record<string, string> };

export function securityHeaders(config: Config): SecurityHeaders {
  const transport: Record<string, string> = config.secureCookies
    ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' }
    : {};
  const api = {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...transport,
  };
  // Stripe.js (the Payment Element's iframes, issue 29) is allowed only when Stripe is the card provider.
  const stripe = config.stripe ? ' https://js.stripe.com https://*.js.stripe.com' : '';
  // PayPal's JS SDK (its buttons and approval window) only when PayPal is the express provider.
  const paypalSdk = config.paypal ? new URL(config.paypal.sdkUrl).origin : '';
  const paypal = config.paypal ? ` ${paypalSdk} https://www.paypalobjects.com` : '';
  const paypalFrames = config.paypal ? ` https://www.paypal.com https://www.sandbox.paypal.com ${paypalSdk}` : '';
  // Pictures uploaded to S3 are loaded from its public address.
  const pictures = config.storage.kind === 's3' ? ` ${new URL(config.storage.publicUrl).origin}` : '';
  // Carrier logos of Shippo's rates (the shipping modal) come from Shippo's static host.
  const carrierLogos = config.shippo ? ' https://shippo-static.s3.amazonaws.com' : '';
  const csp = [
    "default-src 'self'",
    `script-src 'self'${stripe}${paypal} ${ENTRY_LOADER_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    // Spec §3: an item's pictures (and landing tiles) may be image or video addresses elsewhere on
    // the web; a picture cannot run code, so any https source may be shown.
    `img-src 'self' data: blob:${pictures}${carrierLogos}${paypal} https:`,
    `media-src 'self'${pictures} https:`,
    "font-src 'self' data:",
    `connect-src 'self'${config.stripe ? ' https://api.stripe.com' : ''}${paypalFrames}`,
    ...(config.stripe || config.paypal
      ? [
          `frame-src${config.stripe ? ' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com' : ''}${paypalFrames}`,
        ]
      : []),
    "frame-ancestors 'none'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ...(config.secureCookies ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  const document = {
    ...api,
    'content-security-policy': csp,
    // PayPal's approval window talks back to its opener, which 'same-origin' would cut off; so do the
    // windows a wallet in Stripe's Payment Element may open (Google Pay, Link; issue 29).
    'cross-origin-opener-policy': config.paypal || config.stripe ? 'same-origin-allow-popups' : 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  return { api, document };
}
