-- A batch of logouts, a password reset or a purge changes many sessions in one statement. They are
-- announced in one notification per statement (payload 'sessions:<hash>,<hash>,…', at most 50
-- hashes each, well under NOTIFY's 8000-byte limit) instead of one per row: every listening
-- connection of every app process reads, and PostgreSQL queues, a few messages instead of hundreds.
DROP TRIGGER sessions_notify ON sessions;
--> statement-breakpoint
DROP FUNCTION ga_notify_session();
--> statement-breakpoint
CREATE FUNCTION ga_notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  hashes text;
BEGIN
  FOR hashes IN
    SELECT string_agg(token_hash, ',')
    FROM (SELECT token_hash, (row_number() OVER () - 1) / 50 AS part FROM old_rows) numbered
    GROUP BY part
  LOOP
    PERFORM pg_notify('ga_cache', 'sessions:' || hashes);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_update AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ga_notify_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_delete AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ga_notify_sessions();
