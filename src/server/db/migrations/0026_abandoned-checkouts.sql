CREATE TABLE "checkout_reminders" (
	"cart_id" char(24) PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"email" text NOT NULL,
	"wants_reminder" boolean DEFAULT false NOT NULL,
	"email_given_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"restored_from" char(24),
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_reminders" ADD CONSTRAINT "checkout_reminders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_reminders_due_idx" ON "checkout_reminders" USING btree ("email_given_at") WHERE "checkout_reminders"."wants_reminder" and "checkout_reminders"."reminded_at" is null and "checkout_reminders"."order_id" is null;--> statement-breakpoint
CREATE INDEX "checkout_reminders_open_idx" ON "checkout_reminders" USING btree ("email_given_at") WHERE "checkout_reminders"."order_id" is null and "checkout_reminders"."restored_from" is null;--> statement-breakpoint
CREATE INDEX "checkout_reminders_reminded_idx" ON "checkout_reminders" USING btree ("reminded_at") WHERE "checkout_reminders"."reminded_at" is not null;--> statement-breakpoint
CREATE INDEX "checkout_reminders_restored_from_idx" ON "checkout_reminders" USING btree ("restored_from") WHERE "checkout_reminders"."restored_from" is not null;