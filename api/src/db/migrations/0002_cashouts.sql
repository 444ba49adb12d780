CREATE TABLE "cashouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"account" text NOT NULL,
	"amount_coins" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"balance_after_coins" bigint NOT NULL,
	"idempotency_key" text,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "cashouts_amount_positive" CHECK ("cashouts"."amount_coins" > 0),
	CONSTRAINT "cashouts_status_check" CHECK ("cashouts"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "cashouts" ADD CONSTRAINT "cashouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashouts_user_idempotency_key_unique" ON "cashouts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "cashouts_user_created_idx" ON "cashouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cashouts_status_idx" ON "cashouts" USING btree ("status");