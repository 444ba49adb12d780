ALTER TABLE "operator_audit" ADD COLUMN "kind" text DEFAULT 'change' NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "chain_position" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "previous_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "postback_callbacks" ADD COLUMN "truncated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_audit" ADD CONSTRAINT "operator_audit_kind_check" CHECK ("operator_audit"."kind" in ('change', 'read'));--> statement-breakpoint
-- The audit log is a chain: each row's hash covers the hash of the row before it and the row's own content, so a
-- row changed or removed afterwards shows (pnpm ops audit:verify). One function for the trigger, the rows already
-- there and the check. Times are written in UTC with microseconds: the text does not depend on the session.
CREATE FUNCTION "operator_audit_hash"("previous" text, "entry" "operator_audit") RETURNS text LANGUAGE sql STABLE AS $$
	SELECT encode(sha256(convert_to("previous" || jsonb_build_array(
		"entry"."chain_position", "entry"."id", to_char("entry"."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
		"entry"."kind", "entry"."operator", "entry"."command", "entry"."arguments", "entry"."reason", "entry"."user_id",
		"entry"."user_email", "entry"."outcome", "entry"."result"
	)::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- The rows already there become the chain's start, in the order they were written.
ALTER TABLE "operator_audit" DISABLE TRIGGER "operator_audit_no_update_or_delete";--> statement-breakpoint
DO $$
DECLARE
	"entry" "operator_audit";
	"n" bigint := 0;
	"previous" text := repeat('0', 64);
	"next" text;
BEGIN
	FOR "entry" IN SELECT * FROM "operator_audit" ORDER BY "id" LOOP
		"n" := "n" + 1;
		"entry"."chain_position" := "n";
		"next" := "operator_audit_hash"("previous", "entry");
		UPDATE "operator_audit" SET "chain_position" = "n", "previous_hash" = "previous", "hash" = "next" WHERE "id" = "entry"."id";
		"previous" := "next";
	END LOOP;
END;
$$;--> statement-breakpoint
ALTER TABLE "operator_audit" ENABLE TRIGGER "operator_audit_no_update_or_delete";--> statement-breakpoint
CREATE UNIQUE INDEX "operator_audit_chain_position_unique" ON "operator_audit" USING btree ("chain_position");--> statement-breakpoint
-- Every new row joins the chain here, whatever wrote it. Writers take turns (a lock held to the end of their
-- transaction), so two operators writing at once cannot both follow the same row; a writer whose snapshot is
-- older than the chain's end is refused by the unique position rather than forking the chain.
CREATE FUNCTION "operator_audit_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"last_position" bigint;
	"last_hash" text;
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('operator_audit_chain'));
	SELECT "chain_position", "hash" INTO "last_position", "last_hash" FROM "operator_audit" ORDER BY "chain_position" DESC LIMIT 1;
	NEW."chain_position" := coalesce("last_position", 0) + 1;
	NEW."previous_hash" := coalesce("last_hash", repeat('0', 64));
	NEW."hash" := "operator_audit_hash"(NEW."previous_hash", NEW);
	RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "operator_audit_chain" BEFORE INSERT ON "operator_audit" FOR EACH ROW EXECUTE FUNCTION "operator_audit_chain"();