CREATE TABLE "ticket_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"author" text NOT NULL,
	"operator" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_messages_author_check" CHECK ("ticket_messages"."author" in ('user', 'operator'))
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"partner_offer_id" text,
	"wall" text,
	"offer_name" text NOT NULL,
	"completed_on" date NOT NULL,
	"details" text NOT NULL,
	"screenshot" "bytea",
	"screenshot_type" text,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"credited_coins" bigint,
	"resolution" text,
	"partner_credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_answered_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" in ('awaiting', 'answered', 'accepted', 'declined')),
	CONSTRAINT "tickets_one_offer_kind" CHECK (("tickets"."partner_offer_id" is null) <> ("tickets"."wall" is null)),
	CONSTRAINT "tickets_screenshot_typed" CHECK (("tickets"."screenshot" is null) = ("tickets"."screenshot_type" is null)),
	CONSTRAINT "tickets_screenshot_type_check" CHECK ("tickets"."screenshot_type" in ('image/png', 'image/jpeg', 'image/webp')),
	CONSTRAINT "tickets_credited_positive" CHECK ("tickets"."credited_coins" > 0)
);
--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_messages_ticket_idx" ON "ticket_messages" USING btree ("ticket_id","id");--> statement-breakpoint
CREATE INDEX "tickets_user_created_idx" ON "tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_status_created_idx" ON "tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_open_offer_unique" ON "tickets" USING btree ("user_id","partner_offer_id") WHERE "tickets"."status" in ('awaiting', 'answered') and "tickets"."partner_offer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_open_wall_offer_unique" ON "tickets" USING btree ("user_id","wall",lower("offer_name")) WHERE "tickets"."status" in ('awaiting', 'answered') and "tickets"."wall" is not null;--> statement-breakpoint
CREATE INDEX "tickets_settleable_user_idx" ON "tickets" USING btree ("user_id") WHERE "tickets"."status" in ('awaiting', 'answered') or ("tickets"."status" = 'accepted' and "tickets"."credited_coins" is not null and "tickets"."partner_credited_at" is null);