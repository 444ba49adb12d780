CREATE TABLE "staff" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"added_by" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_role_check" CHECK ("staff"."role" in ('support', 'finance', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "two_factor_codes" DROP CONSTRAINT "two_factor_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "admin_token_hash" text;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashouts_destination_idx" ON "cashouts" USING btree ("method",lower("account"));--> statement-breakpoint
CREATE INDEX "operator_audit_operator_idx" ON "operator_audit" USING btree ("operator","id");--> statement-breakpoint
CREATE INDEX "operator_audit_command_idx" ON "operator_audit" USING btree ("command","id");--> statement-breakpoint
ALTER TABLE "two_factor_codes" ADD CONSTRAINT "two_factor_codes_purpose_check" CHECK ("two_factor_codes"."purpose" in ('account', 'step_up', 'staff'));