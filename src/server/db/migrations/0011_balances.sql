CREATE TABLE "balance_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"balance_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_entries_amount_positive" CHECK ("balance_entries"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"issued_to" text,
	"remaining_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_remaining_nonnegative" CHECK ("balances"."remaining_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balance_code" text;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_balance_id_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."balances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_entries_balance_idx" ON "balance_entries" USING btree ("balance_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "balances_code_lower_unique" ON "balances" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "balances_issued_to_idx" ON "balances" USING btree (lower("issued_to"),"kind");--> statement-breakpoint
-- Store credit issued before balances was a single-use dollar promo (CREDIT-…): each becomes a balance
-- with the same code, holding its amount while unused and 0 once used (its ledger says which).
INSERT INTO "balances" ("code", "kind", "issued_to", "remaining_cents", "created_at", "updated_at")
SELECT "code", 'store_credit', "issued_to",
       CASE WHEN "used_count" < coalesce("usage_limit", 1) AND ("expires_at" IS NULL OR "expires_at" > now()) THEN coalesce("discount_cents", 0) ELSE 0 END,
       "created_at", now()
  FROM "promotions" WHERE "kind" = 'store_credit' AND "type" = 'dollarAmount';--> statement-breakpoint
INSERT INTO "balance_entries" ("balance_id", "kind", "amount_cents", "note", "created_at")
SELECT b."id", 'issued', p."discount_cents", 'Store credit code issued before balances', p."created_at"
  FROM "promotions" p JOIN "balances" b ON lower(b."code") = lower(p."code")
 WHERE p."kind" = 'store_credit' AND p."type" = 'dollarAmount' AND p."discount_cents" > 0;--> statement-breakpoint
INSERT INTO "balance_entries" ("balance_id", "kind", "amount_cents", "note", "created_at")
SELECT b."id", 'spent', p."discount_cents", 'Used as a promo code before balances', now()
  FROM "promotions" p JOIN "balances" b ON lower(b."code") = lower(p."code")
 WHERE p."kind" = 'store_credit' AND p."type" = 'dollarAmount' AND p."discount_cents" > 0 AND b."remaining_cents" = 0;--> statement-breakpoint
DELETE FROM "promotions" WHERE "kind" = 'store_credit' AND "type" = 'dollarAmount';
