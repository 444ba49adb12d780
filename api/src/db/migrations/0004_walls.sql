CREATE TABLE "postback_callbacks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wall" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"query" text NOT NULL,
	"body" text NOT NULL,
	"headers" text NOT NULL,
	"source_ip" text NOT NULL,
	"outcome" text NOT NULL,
	"status_code" integer NOT NULL,
	"reason" text NOT NULL,
	"user_id" bigint,
	"txid" text,
	"coins" bigint DEFAULT 0 NOT NULL,
	"replay_of" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postback_callbacks_outcome_check" CHECK ("postback_callbacks"."outcome" in ('credited', 'reversed', 'duplicate', 'ignored', 'refused', 'malformed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "referral_reviews" (
	"referred_user_id" bigint PRIMARY KEY NOT NULL,
	"referrer_id" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signals" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "referral_reviews_status_check" CHECK ("referral_reviews"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "signup_origins" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"ip" text,
	"device_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "referral_held_coins" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "signed_digest" text;--> statement-breakpoint
ALTER TABLE "referral_reviews" ADD CONSTRAINT "referral_reviews_referred_user_id_users_id_fk" FOREIGN KEY ("referred_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_reviews" ADD CONSTRAINT "referral_reviews_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_origins" ADD CONSTRAINT "signup_origins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "postback_callbacks_received_idx" ON "postback_callbacks" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "postback_callbacks_wall_received_idx" ON "postback_callbacks" USING btree ("wall","received_at");--> statement-breakpoint
CREATE INDEX "postback_callbacks_user_received_idx" ON "postback_callbacks" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "postback_callbacks_txid_idx" ON "postback_callbacks" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "referral_reviews_status_idx" ON "referral_reviews" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_wall_signed_digest_unique" ON "conversions" USING btree ("wall","signed_digest");--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_referral_held_not_negative" CHECK ("conversions"."referral_held_coins" >= 0);