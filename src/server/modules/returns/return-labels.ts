// Prepaid return labels for US orders (issue 24 item 4; /info/shipping-returns promises one): bought
// from the shipping provider when the return is requested, kept in return_labels, and served to the
// shopper at /return-label/<key>.pdf, a link whose key is 32 random bytes. When the carrier fails at
// request time the return is recorded all the same, with a 'pending' label that opening the link buys.
import { randomBytes } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.js';
import { returnLabels, settings } from '../../db/schema.js';
import { baseUrl, type ShopContact, type ShopContactSource } from '../../email/layout.js';
import { NotFound, Unavailable } from '../../http/errors.js';
import type { BoughtLabel, LabelAddress, ShippingProvider } from '../../providers/shipping/shipping-provider.js';
import { shipFromReader } from '../../providers/shipping/table-shipping.js';
import { shippingLabelsRepository } from '../shipping-labels/shipping-labels-repository.js';
import { labelOrderOf } from '../shipping-labels/shipping-labels-service.js';

/** A purchase left 'buying' longer than this died with its server copy: the next opening takes it over. */
const STALE_BUYING_SECONDS = 120;

export const returnLabelPath = (key: string) => `/return-label/${key}.pdf`;
export const RETURN_LABEL_FILE = /^([A-Za-z0-9_-]{43})\.pdf$/;

const storedOf = (bought: BoughtLabel) => ({
  trackingNumber: bought.trackingNumber,
  trackingUrl: bought.trackingUrl,
  pdf: bought.label.kind === 'pdf' ? bought.label.bytes : null,
  remoteUrl: bought.label.kind === 'url' ? bought.label.url : null,
});

/** The address on a return label, one line each, as the email shows it. */
export const addressLinesOf = (a: LabelAddress) =>
  [
    a.company || a.name,
    a.street1,
    a.street2,
    `${a.city}, ${a.state} ${a.zip}`,
    a.country === 'US' ? 'United States' : a.country,
  ].filter((l): l is string => Boolean(l?.trim()));

export function returnLabelsService(deps: {
  db: Db;
  shipping: ShippingProvider;
  shop: ShopContactSource;
  log?: FastifyBaseLogger;
}) {
  const { db, shipping, shop, log } = deps;
  const shipFrom = shipFromReader(
    async (key) => (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)))[0]?.value,
  );
  const orders = shippingLabelsRepository();

  /** Buys the label of `pieces` of order `orderId` coming back; undefined when the carrier fails (logged). */
  async function tryBuy(orderId: number, pieces: number): Promise<BoughtLabel | undefined> {
    const order = await orders.orderToShip(db, orderId);
    if (!order) return undefined;
    try {
      return await shipping.buyReturnLabel({ ...labelOrderOf(order), pieces });
    } catch (err) {
      log?.warn({ err, orderId }, "return label: the purchase failed; the shopper's link will try again");
      return undefined;
    }
  }

  return {
    tryBuy,
    /** Where the label sends the parcel (the ship-from address), as lines. */
    destination: async () => addressLinesOf(await shipFrom()),

    /** Records the label of a return request in its transaction; answers the shopper's link. */
    async record(
      tx: Tx,
      input: { orderId: number; pieces: number; bought: BoughtLabel | undefined; shop: Pick<ShopContact, 'publicUrl'> },
    ) {
      const key = randomBytes(32).toString('base64url');
      await tx.insert(returnLabels).values({
        id: key,
        orderId: input.orderId,
        provider: shipping.name,
        pieces: input.pieces,
        status: input.bought ? 'bought' : 'pending',
        ...(input.bought ? storedOf(input.bought) : {}),
      });
      return { url: `${baseUrl(input.shop.publicUrl)}${returnLabelPath(key)}`, ready: Boolean(input.bought) };
    },

    /** GET /return-label/<key>.pdf: the label; a pending one is bought now, by one request at a time. */
    async open(key: string): Promise<{ pdf: Uint8Array } | { url: string }> {
      const [label] = await db.select().from(returnLabels).where(eq(returnLabels.id, key));
      if (!label) throw new NotFound('There is no such return label. Please use the link in your return email.');
      if (label.status === 'bought') {
        if (label.pdf) return { pdf: label.pdf };
        if (label.remoteUrl) return { url: label.remoteUrl };
      }
      const notReady = new Unavailable(
        `Your return label for order #${label.orderId} is not ready yet. Please try again in a few minutes, or write to us at ${(await shop()).supportEmail} with your order number and we will send it.`,
      );
      const [claimed] = await db
        .update(returnLabels)
        .set({ status: 'buying', updatedAt: sql`now()` })
        .where(
          and(
            eq(returnLabels.id, key),
            or(
              eq(returnLabels.status, 'pending'),
              and(
                eq(returnLabels.status, 'buying'),
                sql`${returnLabels.updatedAt} < now() - make_interval(secs => ${STALE_BUYING_SECONDS})`,
              ),
            ),
          ),
        )
        .returning({ id: returnLabels.id });
      if (!claimed) throw notReady;
      const bought = await tryBuy(label.orderId, label.pieces);
      if (!bought) {
        await db.update(returnLabels).set({ status: 'pending', updatedAt: sql`now()` }).where(eq(returnLabels.id, key));
        throw notReady;
      }
      await db
        .update(returnLabels)
        .set({ status: 'bought', provider: shipping.name, updatedAt: sql`now()`, ...storedOf(bought) })
        .where(eq(returnLabels.id, key));
      return bought.label.kind === 'pdf' ? { pdf: bought.label.bytes } : { url: bought.label.url };
    },
  };
}
export type ReturnLabelsService = ReturnType<typeof returnLabelsService>;
