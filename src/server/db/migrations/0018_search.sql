CREATE TABLE "item_search" (
	"item_id" char(24) PRIMARY KEY NOT NULL,
	"published" boolean NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"keys" text NOT NULL,
	"title_vector" "tsvector" NOT NULL,
	"vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_search" ADD CONSTRAINT "item_search_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_search_keys_trgm_idx" ON "item_search" USING gin ("keys" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "item_search_vector_idx" ON "item_search" USING gin ("vector");--> statement-breakpoint
CREATE INDEX "item_search_order_idx" ON "item_search" USING btree ("position","created_at","item_id") WHERE "item_search"."published";