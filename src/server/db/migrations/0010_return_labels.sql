CREATE TABLE "return_labels" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"pieces" integer NOT NULL,
	"tracking_number" text,
	"tracking_url" text,
	"pdf" "bytea",
	"remote_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_labels" ADD CONSTRAINT "return_labels_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_labels_order_idx" ON "return_labels" USING btree ("order_id");