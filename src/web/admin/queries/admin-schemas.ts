// The contract schemas the admin routes check their bodies with, for the forms to check the same
// before sending. Loaded with import() (form-check.ts): Zod stays out of the admin chunk.
import type { z } from 'zod';
import {
  CreateCategoryBodySchema,
  CreateItemBodySchema,
  UpdateItemBodySchema,
} from '../../../contract/admin-catalog.js';
import { InfoPageEditSchema } from '../../../contract/content.js';
import { CreateNewsletterBodySchema, EditNewsletterBodySchema } from '../../../contract/newsletters.js';
import { AssignCustomTrackingBodySchema } from '../../../contract/orders.js';
import { CreatePromotionBodySchema, UpdatePromotionBodySchema } from '../../../contract/promotions.js';
import { ShopSettingsSchema } from '../../../contract/settings.js';

export const adminSchemas = {
  createCategory: CreateCategoryBodySchema,
  createItem: CreateItemBodySchema,
  updateItem: UpdateItemBodySchema,
  infoPage: InfoPageEditSchema,
  createNewsletter: CreateNewsletterBodySchema,
  editNewsletter: EditNewsletterBodySchema,
  assignCustomTracking: AssignCustomTrackingBodySchema,
  createPromotion: CreatePromotionBodySchema,
  updatePromotion: UpdatePromotionBodySchema,
  saveSettings: ShopSettingsSchema,
} satisfies Record<string, z.ZodType>;

export type AdminSchemaName = keyof typeof adminSchemas;

/** The first thing the schema refuses in `body`: the field's path ('title', 'available_products.0.price') and why. */
export function firstIssue(name: AdminSchemaName, body: unknown): { field: string; message: string } | null {
  const result = adminSchemas[name].safeParse(body);
  const issue = result.success ? undefined : result.error.issues[0];
  return issue ? { field: issue.path.map(String).join('.'), message: issue.message } : null;
}

/** Every issue of `body` against the schema `name`, by field path ('shipping.options.0.price'), the first message of each. */
export function allIssues(name: AdminSchemaName, body: unknown): Record<string, string> {
  const result = adminSchemas[name].safeParse(body);
  const byField: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues)
    byField[issue.path.map(String).join('.')] ??= issue.message;
  return byField;
}
