CREATE TABLE "content_drafts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"file" text NOT NULL,
	"body" text NOT NULL,
	"author" text NOT NULL,
	"based_on" bigint,
	"published_version" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"version" bigserial PRIMARY KEY NOT NULL,
	"file" text NOT NULL,
	"body" text NOT NULL,
	"hash" text NOT NULL,
	"operator" text NOT NULL,
	"reason" text,
	"source" text NOT NULL,
	"restored_from" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_versions_source_check" CHECK ("content_versions"."source" in ('repository', 'publish', 'restore'))
);
--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_based_on_content_versions_version_fk" FOREIGN KEY ("based_on") REFERENCES "public"."content_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_published_version_content_versions_version_fk" FOREIGN KEY ("published_version") REFERENCES "public"."content_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_restored_from_content_versions_version_fk" FOREIGN KEY ("restored_from") REFERENCES "public"."content_versions"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_drafts_file_idx" ON "content_drafts" USING btree ("file");--> statement-breakpoint
CREATE INDEX "content_versions_file_idx" ON "content_versions" USING btree ("file","version" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_repository_unique" ON "content_versions" USING btree ("file","hash") WHERE "content_versions"."source" = 'repository';--> statement-breakpoint
-- A version is history: what the site showed, who published it and why. Restoring adds a version, never edits one.
CREATE FUNCTION "content_versions_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'content_versions is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "content_versions_no_update_or_delete" BEFORE UPDATE OR DELETE ON "content_versions" FOR EACH ROW EXECUTE FUNCTION "content_versions_refuse_change"();
