CREATE TABLE "job_schedules" (
	"name" text PRIMARY KEY NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_by" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"lease_token" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_known" CHECK ("jobs"."status" in ('pending', 'running', 'done', 'failed')),
	CONSTRAINT "jobs_running_is_leased" CHECK ("jobs"."status" <> 'running' or ("jobs"."locked_until" is not null and "jobs"."lease_token" is not null))
);
--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" in ('done', 'failed');--> statement-breakpoint
-- A queued job announces the instance that queued it on the change feed (migration 0001's channel)
-- when its transaction commits: that instance's worker claims it at once (ADR 0037). NOTIFY drops
-- repeats of one payload in a transaction, so a cart's receipts wake it once.
CREATE FUNCTION ga_notify_job() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ga_cache', 'job:' || coalesce(NEW.queued_by, ''));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_notify AFTER INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION ga_notify_job();
