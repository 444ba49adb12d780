CREATE TABLE "conversions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wall" text NOT NULL,
	"txid" text NOT NULL,
	"user_id" bigint NOT NULL,
	"partner_offer_id" text NOT NULL,
	"partner_event_id" text NOT NULL,
	"payout_coins" bigint NOT NULL,
	"referrer_id" bigint,
	"referral_coins" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'credited' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "conversions_payout_positive" CHECK ("conversions"."payout_coins" > 0),
	CONSTRAINT "conversions_status_check" CHECK ("conversions"."status" in ('credited', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "offer_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"offer_id" bigint NOT NULL,
	"partner_event_id" text NOT NULL,
	"name" text NOT NULL,
	"payout_coins" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "offer_events_payout_not_negative" CHECK ("offer_events"."payout_coins" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_offer_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"description" text NOT NULL,
	"description2" text,
	"description3" text,
	"categories" text[] NOT NULL,
	"rating" numeric(3, 2) NOT NULL,
	"platforms" text[] NOT NULL,
	"click_url_template" text NOT NULL,
	"payout_coins" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_payout_not_negative" CHECK ("offers"."payout_coins" >= 0),
	CONSTRAINT "offers_rating_range" CHECK ("offers"."rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "user_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"offer_id" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "user_offers_status_check" CHECK ("user_offers"."status" in ('active', 'completed'))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_balance_not_negative";--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_offers" ADD CONSTRAINT "user_offers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_offers" ADD CONSTRAINT "user_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_wall_txid_unique" ON "conversions" USING btree ("wall","txid");--> statement-breakpoint
CREATE INDEX "conversions_user_offer_idx" ON "conversions" USING btree ("user_id","partner_offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_events_offer_partner_event_unique" ON "offer_events" USING btree ("offer_id","partner_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_partner_offer_id_unique" ON "offers" USING btree ("partner_offer_id");--> statement-breakpoint
CREATE INDEX "offers_position_idx" ON "offers" USING btree ("position");--> statement-breakpoint
CREATE UNIQUE INDEX "user_offers_user_offer_unique" ON "user_offers" USING btree ("user_id","offer_id");