DROP INDEX "sizes_color_name_unique";--> statement-breakpoint
DROP INDEX "requested_notifications_unique";--> statement-breakpoint
ALTER TABLE "product_types" ADD COLUMN "pieces" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sizes" ADD COLUMN "piece" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "requested_notifications" ADD COLUMN "piece" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sizes_color_piece_name_unique" ON "sizes" USING btree ("color_id","piece","name");--> statement-breakpoint
CREATE UNIQUE INDEX "requested_notifications_unique" ON "requested_notifications" USING btree ("subscription_id","item_id","product_type","color","piece","size");