CREATE TABLE "operator_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"operator" text NOT NULL,
	"command" text NOT NULL,
	"arguments" jsonb NOT NULL,
	"reason" text,
	"user_id" bigint,
	"user_email" text,
	"outcome" text NOT NULL,
	"result" jsonb NOT NULL,
	CONSTRAINT "operator_audit_outcome_check" CHECK ("operator_audit"."outcome" in ('done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "operator_audit_user_idx" ON "operator_audit" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "operator_audit_user_email_idx" ON "operator_audit" USING btree ("user_email");--> statement-breakpoint
-- The audit log is append-only for everyone who connects as the application: no statement may change or remove a row.
CREATE FUNCTION "operator_audit_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'operator_audit is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "operator_audit_no_update_or_delete" BEFORE UPDATE OR DELETE ON "operator_audit" FOR EACH ROW EXECUTE FUNCTION "operator_audit_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "operator_audit_no_truncate" BEFORE TRUNCATE ON "operator_audit" FOR EACH STATEMENT EXECUTE FUNCTION "operator_audit_refuse_change"();
