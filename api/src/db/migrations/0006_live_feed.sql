CREATE TABLE "live_leads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"amount_coins" bigint NOT NULL,
	"wall" text NOT NULL,
	"offer" text NOT NULL,
	"simulated" boolean NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_leads_amount_positive" CHECK ("live_leads"."amount_coins" > 0)
);
