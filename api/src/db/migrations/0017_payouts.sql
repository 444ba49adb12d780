ALTER TABLE "cashouts" DROP CONSTRAINT "cashouts_status_check";--> statement-breakpoint
ALTER TABLE "cashouts" ADD COLUMN "payout_id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "cashouts" ADD COLUMN "rail" text;--> statement-breakpoint
ALTER TABLE "cashouts" ADD COLUMN "review_rule" text;--> statement-breakpoint
ALTER TABLE "cashouts" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cashouts" ADD COLUMN "provider_reference" text;--> statement-breakpoint
ALTER TABLE "cashouts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cashouts" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashouts" ADD COLUMN "sending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashouts" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "cashouts" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashouts" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "cashouts_payout_id_unique" ON "cashouts" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "cashouts_provider_reference_idx" ON "cashouts" USING btree ("rail","provider_reference");--> statement-breakpoint
ALTER TABLE "cashouts" ADD CONSTRAINT "cashouts_status_check" CHECK ("cashouts"."status" in ('pending', 'approved', 'sending', 'paid', 'failed', 'returned', 'unclaimed', 'rejected'));--> statement-breakpoint
-- Before payout rails, "approved" meant an operator had paid it by hand: those cashouts are paid, by the manual rail.
UPDATE "cashouts" SET "status" = 'paid', "rail" = 'manual', "paid_at" = coalesce("reviewed_at", "created_at") WHERE "status" = 'approved';
