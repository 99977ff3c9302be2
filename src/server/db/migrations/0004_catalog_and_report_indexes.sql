CREATE INDEX "items_position_idx" ON "items" USING btree ("position","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_promo_code_idx" ON "orders" USING btree (lower("promo"->>'code'));