-- A creator's earnings are cached per creator and period (src/server/lib/read-cache): every ledger
-- entry written for them (a sale, a refund, a payout) announces 'earnings:<creator id>'. The entries of
-- one transaction announce once: PostgreSQL folds identical notifications.
CREATE FUNCTION ga_notify_earnings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ga_cache', 'earnings:' || OLD.creator_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ga_cache', 'earnings:' || NEW.creator_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_notify AFTER INSERT OR UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ga_notify_earnings();
