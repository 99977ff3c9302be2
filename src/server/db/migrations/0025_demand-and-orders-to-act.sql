-- Issue 28 (demand, orders to act on): partial indexes, not declared in schema.ts (docs/decisions/041).
-- The Orders tab's 'To ship' and 'Returns to handle' pages and the Overview's counts read only the
-- orders they list; their WHERE is orders-to-act.ts's TO_SHIP and RETURNS_TO_HANDLE, word for word.
CREATE INDEX IF NOT EXISTS "orders_to_ship_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC) WHERE "processed" = false AND ("return_request"->>'refundedAt') IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_returns_to_handle_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC) WHERE "return_request" IS NOT NULL AND ("return_request"->>'refundedAt') IS NULL;--> statement-breakpoint
-- The Demand tab groups the open back-in-stock requests by item × style × colour × piece × size.
CREATE INDEX IF NOT EXISTS "requested_notifications_pending_idx" ON "requested_notifications" USING btree ("item_id", "product_type", "color", "piece", "size") WHERE "notified_at" IS NULL;--> statement-breakpoint
-- …and lists the sizes whose tracked stock is low, lowest first.
CREATE INDEX IF NOT EXISTS "sizes_tracked_stock_idx" ON "sizes" USING btree ("stock") WHERE "stock" IS NOT NULL;
