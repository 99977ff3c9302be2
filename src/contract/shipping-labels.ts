// Shipping labels in the back office (spec §3 "Shipping option (admin)", §7 getShippingOptions and
// markAsProcessed, §8: a failure answers status ERROR with message[0].text for the owner's alert).
import { z } from 'zod';
import { OrderIdSchema } from './orders.js';
import { labelPath } from './values/admin.js';

export { labelPath };

/** POST /admin/api/getShippingOptions {orderId} */
export const GetShippingOptionsBodySchema = z.object({ orderId: OrderIdSchema });
export type GetShippingOptionsBody = z.infer<typeof GetShippingOptionsBodySchema>;

/** A carrier's rate for the order's parcel, in Shippo's shape (amount is a dollar string, "8.50"). */
export const LabelRateSchema = z.object({
  object_id: z.string(),
  provider: z.string(),
  provider_image_75: z.string(),
  servicelevel: z.object({ name: z.string(), token: z.string() }),
  amount: z.string(),
  currency: z.string(),
  estimated_days: z.number().nullable(),
  /** The carrier service the order's shipping option names in Settings (issue 26): the modal preselects it. */
  preferred: z.boolean().optional(),
});
export type LabelRate = z.infer<typeof LabelRateSchema>;

/** A failure the owner is shown as an alert (spec §8): the carrier's or the shop's words. */
export const ShippingErrorAnswerSchema = z.object({
  status: z.literal('ERROR'),
  message: z.array(z.object({ text: z.string() })).min(1),
});
export type ShippingErrorAnswer = z.infer<typeof ShippingErrorAnswerSchema>;

export const GetShippingOptionsAnswerSchema = z.union([z.array(LabelRateSchema), ShippingErrorAnswerSchema]);
export type GetShippingOptionsAnswer = z.infer<typeof GetShippingOptionsAnswerSchema>;

/** POST /admin/api/markAsProcessed {orderId, rateId}: buys the label of that rate. */
export const MarkAsProcessedBodySchema = z.object({
  orderId: OrderIdSchema,
  rateId: z.string().trim().min(1, 'Please choose a shipping rate').max(200, 'That is not a shipping rate'),
});
export type MarkAsProcessedBody = z.infer<typeof MarkAsProcessedBodySchema>;

export const LabelBoughtAnswerSchema = z.object({
  status: z.literal('SUCCESS'),
  orderId: z.number(),
  processed: z.literal(true),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  /** The admin-only address of the label PDF. */
  labelUrl: z.string(),
  /** True when the order already had a label: nothing was bought and nobody was emailed. */
  alreadyProcessed: z.boolean(),
  emailed: z.boolean(),
});
export type LabelBoughtAnswer = z.infer<typeof LabelBoughtAnswerSchema>;

export const MarkAsProcessedAnswerSchema = z.union([LabelBoughtAnswerSchema, ShippingErrorAnswerSchema]);
export type MarkAsProcessedAnswer = z.infer<typeof MarkAsProcessedAnswerSchema>;
