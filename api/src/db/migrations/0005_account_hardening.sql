ALTER TABLE "password_reset_codes" ADD COLUMN "window_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD COLUMN "codes_sent" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_codes" ADD COLUMN "wrong_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_revoked_idx" ON "sessions" USING btree ("id") WHERE "sessions"."revoked_at" is not null;--> statement-breakpoint
-- Deleted accounts keep no address: 'deleted-<id>' has no '@', so no sign-up can ever take it first.
UPDATE "users" SET "email" = 'deleted-' || "id" WHERE "deleted_at" IS NOT NULL AND "email" <> 'deleted-' || "id";--> statement-breakpoint
-- Names are now refused with control or invisible formatting characters (FORBIDDEN_NAME_CHARACTER in
-- shared/src/rules/name-characters.ts); names stored before lose them here (the Cc, Cf, Zl and Zp
-- characters of that rule, ZWNJ/ZWJ kept), and one left empty becomes 'User'.
UPDATE "users" SET "name" = COALESCE(NULLIF(btrim(regexp_replace("name", '[\u0001-\u001F\u007F-\u009F\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0001\U000E0020-\U000E007F]', '', 'g')), ''), 'User')
WHERE "deleted_at" IS NULL AND "name" ~ '[\u0001-\u001F\u007F-\u009F\u00AD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B\u200E\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0001\U000E0020-\U000E007F]';
