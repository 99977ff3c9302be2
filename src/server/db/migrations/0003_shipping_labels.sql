CREATE TABLE "shipping_labels" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'buying' NOT NULL,
	"provider" text NOT NULL,
	"rate_id" text NOT NULL,
	"rate" jsonb,
	"tracking_number" text,
	"tracking_url" text,
	"pdf" "bytea",
	"remote_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD CONSTRAINT "shipping_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;