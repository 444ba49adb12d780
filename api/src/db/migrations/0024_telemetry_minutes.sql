CREATE TABLE "telemetry_minutes" (
	"minute" timestamp with time zone NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"route" text NOT NULL,
	"loads" integer DEFAULT 0 NOT NULL,
	"failed_loads" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"lcp_buckets" integer[] NOT NULL,
	"inp_buckets" integer[] NOT NULL,
	"cls_buckets" integer[] NOT NULL,
	CONSTRAINT "telemetry_minutes_minute_remote_version_route_pk" PRIMARY KEY("minute","remote","version","route")
);
--> statement-breakpoint
CREATE INDEX "telemetry_minutes_remote_version_minute_idx" ON "telemetry_minutes" USING btree ("remote","version","minute");