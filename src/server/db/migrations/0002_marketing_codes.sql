ALTER TABLE "promotions" ADD COLUMN "reward_for" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_reward_for_promotions_id_fk" FOREIGN KEY ("reward_for") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_newsletter_email_unique" ON "promotions" USING btree (lower("issued_to")) WHERE "promotions"."kind" = 'newsletter';--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_referral_email_unique" ON "promotions" USING btree (lower("issued_to")) WHERE "promotions"."kind" = 'referral';--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_reward_for_unique" ON "promotions" USING btree ("reward_for");