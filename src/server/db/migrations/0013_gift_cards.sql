CREATE TABLE "cart_gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" char(24) NOT NULL,
	"amount_cents" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"sender_name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"send_on" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_gift_cards_amount" CHECK ("cart_gift_cards"."amount_cents" between 5000 and 50000)
);
--> statement-breakpoint
ALTER TABLE "cart_gift_cards" ADD CONSTRAINT "cart_gift_cards_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_gift_cards_cart_idx" ON "cart_gift_cards" USING btree ("cart_id");