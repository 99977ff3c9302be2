import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'shop-config-'));

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c.port).toBe(3000);
    expect(loadConfig({ DATA_DIR: dir, PORT: '' }).port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.seed).toBeUndefined();
    expect(c.secureCookies).toBe(false);
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.sessionSecret).toBe(a.sessionSecret);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(a.sessionSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/shop' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ PUBLIC_URL: 'shop.example.com' }, 'PUBLIC_URL'],
    [{ SEED: 'everything' }, 'SEED'],
    [{ ADMIN_EMAIL: 'owner@shop.test' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long enough pass' }, 'ADMIN_EMAIL'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com' }, 'SESSION_SECRET'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,example.com' }, 'TRUST_PROXY'],
    // Issue 29 (webhooks): a secret that is not Stripe's, or a webhook of a provider the shop does not use.
    [
      { STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'secret' },
      'STRIPE_WEBHOOK_SECRET',
    ],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA' }, 'PAYPAL_WEBHOOK_ID'],
    [{ STRIPE_API_URL: 'api.stripe.com' }, 'STRIPE_API_URL'],
    // Issue 29 (metrics).
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'a token with spaces in it' }, 'METRICS_TOKEN'],
    [{ METRICS_PORT: 'nine' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT'],
    [{ PORT: '8080', METRICS_PORT: '8080' }, 'METRICS_PORT'],
    [{ METRICS_HOST: '127.0.0.1' }, 'METRICS_PORT'],
  ])('stops on %o naming %s', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.0/8, loopback', ['10.0.0.0/8', 'loopback']],
    ['fd00::/8,192.168.1.10', ['fd00::/8', '192.168.1.10']],
  ])('reads TRUST_PROXY=%s as %o (never every hop)', (value, expected) => {
    expect(loadConfig({ DATA_DIR: tmp(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy).toEqual(
      expected,
    );
  });

  it('marks cookies secure behind an https PUBLIC_URL', () => {
    const c = loadConfig({ DATA_DIR: tmp(), PUBLIC_URL: 'https://shop.example.com/' });
    expect(c.publicUrl).toBe('https://shop.example.com');
    expect(c.secureCookies).toBe(true);
  });

  it("reads the webhooks' secrets and a Stripe API address (issue 29)", () => {
    const c = loadConfig({
      DATA_DIR: tmp(),
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    });
    expect(c.webhooks).toEqual({ stripeSecret: 'whsec_abc', paypalWebhookId: undefined });
    expect(c.stripe?.api).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(loadConfig({ DATA_DIR: tmp() }).webhooks).toEqual({ stripeSecret: undefined, paypalWebhookId: undefined });
  });

  // Issue 29 (metrics).
  it('turns /metrics on with METRICS_TOKEN or METRICS_PORT, off by default', () => {
    const token = 'a-token-of-twenty-four-c';
    expect(loadConfig({ DATA_DIR: tmp() }).metrics).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), METRICS_TOKEN: token }).metrics).toEqual({
      token,
      port: undefined,
      host: '0.0.0.0',
    });
    expect(loadConfig({ DATA_DIR: tmp(), METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      token: undefined,
      port: 9464,
      host: '10.0.0.5',
    });
  });
});
