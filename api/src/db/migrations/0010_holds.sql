CREATE TABLE "holds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"reference" text NOT NULL,
	"coins" bigint NOT NULL,
	"reason" text NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "holds_coins_positive" CHECK ("holds"."coins" > 0),
	CONSTRAINT "holds_status_check" CHECK ("holds"."status" in ('held', 'released', 'reversed')),
	CONSTRAINT "holds_reason_check" CHECK ("holds"."reason" in ('large_credit', 'reversals', 'wall'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_amount_not_zero";--> statement-breakpoint
DROP INDEX "ledger_entries_user_created_kind_amount_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "held_coins" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held_coins" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holds_reference_unique" ON "holds" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "holds_due_idx" ON "holds" USING btree ("release_at") WHERE "holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "holds_user_status_idx" ON "holds" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "conversions_user_created_idx" ON "conversions" USING btree ("user_id","created_at","status");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_created_kind_amounts_idx" ON "ledger_entries" USING btree ("user_id","created_at","kind","amount_coins","held_coins");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_moves_something" CHECK ("ledger_entries"."amount_coins" <> 0 or "ledger_entries"."held_coins" <> 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_held_coins_not_negative" CHECK ("users"."held_coins" >= 0);