CREATE TABLE "payment_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"method" text NOT NULL,
	"session_id" text,
	"checkout_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE INDEX "payment_holds_open_idx" ON "payment_holds" USING btree ("touched_at") WHERE "payment_holds"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "orders_payment_reference_idx" ON "orders" USING btree ("payment_reference") WHERE "orders"."payment_reference" is not null;--> statement-breakpoint
CREATE INDEX "orders_pending_capture_id_idx" ON "orders" USING btree ("pending_capture_id") WHERE "orders"."pending_capture_id" is not null;