-- The promoter's report (a code's orders, newest first) from the index alone: the key finds the
-- code's orders in report order, INCLUDE carries the columns it answers. Not declared in schema.ts
-- (Drizzle cannot express INCLUDE); it replaces orders_promo_code_idx.
DROP INDEX "orders_promo_code_idx";--> statement-breakpoint
CREATE INDEX "orders_promo_report_idx" ON "orders" USING btree (lower("promo"->>'code'), "created_at" DESC, "id" DESC) INCLUDE ("promo", "subtotal_cents", "discount_cents", "total_cents");
