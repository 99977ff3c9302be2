ALTER TABLE "reviews" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "source" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "fit" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "email" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_order_item_unique" ON "reviews" USING btree ("order_id","item_id");--> statement-breakpoint
CREATE INDEX "reviews_pending_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_status_valid" CHECK ("reviews"."status" in ('approved', 'pending', 'rejected'));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_source_valid" CHECK ("reviews"."source" in ('owner', 'shopper'));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_fit_valid" CHECK ("reviews"."fit" is null or "reviews"."fit" in ('runs-small', 'true-to-size', 'runs-large'));