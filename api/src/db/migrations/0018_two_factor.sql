CREATE TABLE "login_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"challenge_hash" text NOT NULL,
	"user_id" bigint NOT NULL,
	"method" text NOT NULL,
	"password_fingerprint" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"email_code_hash" text,
	"email_code_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "two_factor_codes" (
	"user_id" bigint NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_factor_codes_user_id_purpose_pk" PRIMARY KEY("user_id","purpose"),
	CONSTRAINT "two_factor_codes_purpose_check" CHECK ("two_factor_codes"."purpose" in ('account', 'step_up'))
);
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_two_factor" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"totp_secret" text,
	"pending_totp_secret" text,
	"pending_created_at" timestamp with time zone,
	"totp_last_step" bigint
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "two_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "started_on_new_device" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_method" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_reset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_codes" ADD CONSTRAINT "two_factor_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_two_factor" ADD CONSTRAINT "user_two_factor_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "login_challenges_hash_unique" ON "login_challenges" USING btree ("challenge_hash");--> statement-breakpoint
CREATE INDEX "login_challenges_user_idx" ON "login_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_challenges_expires_idx" ON "login_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recovery_codes_unique" ON "two_factor_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_two_factor_method_check" CHECK ("users"."two_factor_method" in ('off', 'totp', 'email'));