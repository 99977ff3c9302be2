// The owner's set-up checklist (issue 26 #1): what a new shop still lacks before it can sell, each
// step read from the shop itself (a saved settings section, a category, a published item, the home
// content, the keys and mail server in the environment), so a step ticks itself once it is done.
import { DEFAULT_SETTINGS } from '../../../contract/values/settings.js';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { SetupAnswer, SetupStep } from '../../../contract/setup.js';
import { HOME_SETTING_KEY } from '../../../contract/values/catalog.js';
import { SETUP_HIDDEN_SETTING } from '../../../contract/values/settings.js';
import { ENV_DOCS } from '../../../contract/values/setup.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { categories, items, settings } from '../../db/schema.js';
import type { SettingsService } from '../settings/settings-service.js';

type Deps = { db: Db; config: Pick<Config, 'stripe' | 'paypal' | 'smtpUrl' | 'dataDir'>; settings: SettingsService };

const tab = (key: string) => `/admin?tab=${key}`;

/** Which payment providers take real money, named as the owner knows them. */
export function paymentsStep(config: Deps['config']): Omit<SetupStep, 'key' | 'label' | 'href'> {
  const stripe = config.stripe;
  const paypal = config.paypal;
  const cardLive = stripe !== undefined && !stripe.secretKey.startsWith('sk_test_');
  const paypalLive = paypal !== undefined && !/sandbox/i.test(paypal.apiBase);
  const card = !stripe ? 'Sandbox (test payments)' : cardLive ? 'Stripe live keys' : 'Stripe test keys';
  const express = !paypal ? 'Sandbox (test payments)' : paypalLive ? 'PayPal live' : "PayPal's sandbox";
  const inUse = card === express ? card : `Cards: ${card}; PayPal: ${express}`;
  const todo = [
    ...(cardLive ? [] : ['STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (live keys)']),
    ...(paypalLive ? [] : ['PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET']),
  ];
  return {
    done: cardLive && paypalLive,
    detail: todo.length
      ? `${inUse}. To take real payments, set ${todo.join(' and ')} in the shop's environment and restart it (see ${ENV_DOCS}).`
      : inUse,
  };
}

/** Where the shop's mail goes: files on disk, or an SMTP server (named by its host, never its password). */
export function emailStep(config: Deps['config']): Omit<SetupStep, 'key' | 'label' | 'href'> {
  if (config.smtpUrl) return { done: true, detail: `SMTP server ${new URL(config.smtpUrl).host}` };
  const dir = path.relative(process.cwd(), path.join(config.dataDir, 'mail')) || 'mail';
  return {
    done: false,
    detail: `Files in ${dir.startsWith('..') ? path.join(config.dataDir, 'mail') : dir}: nobody receives them. Set SMTP_URL (and MAIL_FROM) in the shop's environment and restart it (see ${ENV_DOCS}).`,
  };
}

export function setupService({ db, config, settings: shopSettings }: Deps) {
  const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
  const settingRow = (key: string) =>
    db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);

  async function read(): Promise<SetupAnswer> {
    const [saved, hasCategory, hasItem, hasHome, hidden] = await Promise.all([
      shopSettings.savedSections(),
      exists(db.select({ one: sql`1` }).from(categories).limit(1)),
      exists(db.select({ one: sql`1` }).from(items).where(eq(items.published, true)).limit(1)),
      exists(settingRow(HOME_SETTING_KEY)),
      settingRow(SETUP_HIDDEN_SETTING).then(([row]) => row?.value === true),
    ]);
    // The built-in ship-from address is the demo studio's: a shop's own labels need its own.
    const ownAddress =
      JSON.stringify((await shopSettings.read()).shipFrom) !== JSON.stringify(DEFAULT_SETTINGS.shipFrom);
    const shipping = saved.has('shipping') && saved.has('shipFrom') && ownAddress;
    const steps: SetupStep[] = [
      {
        key: 'shop',
        label: 'Shop details',
        done: saved.has('shop'),
        detail: 'The shop name, support email and social links.',
        href: tab('settings'),
      },
      {
        key: 'category',
        label: 'A category',
        done: hasCategory,
        detail: 'Items are listed by category (Clothing, Bras, …).',
        href: tab('categories'),
      },
      {
        key: 'item',
        label: 'A first published item',
        done: hasItem,
        detail: 'Shoppers see an item once it is published.',
        href: tab('createNew'),
      },
      {
        key: 'home',
        label: 'Home pictures',
        done: hasHome,
        detail: 'Banner slides, category tiles and the story on the home page.',
        href: tab('home'),
      },
      {
        key: 'shipping',
        label: 'Shipping rates and ship-from address',
        done: shipping,
        detail: 'What shipping costs, and the address labels and returns use.',
        href: tab('settings'),
      },
      { key: 'payments', label: 'Payments', ...paymentsStep(config), href: null },
      { key: 'email', label: 'Email', ...emailStep(config), href: null },
    ];
    return { hidden, steps };
  }

  return {
    read,
    /** Hides the list (or brings it back) for every device the owner signs in on. */
    async setHidden(hidden: boolean): Promise<SetupAnswer> {
      await db
        .insert(settings)
        .values({ key: SETUP_HIDDEN_SETTING, value: hidden })
        .onConflictDoUpdate({ target: settings.key, set: { value: hidden, updatedAt: sql`now()` } });
      return read();
    },
  };
}
export type SetupService = ReturnType<typeof setupService>;
