CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"note" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_cents" > 0),
	CONSTRAINT "payouts_method_known" CHECK ("payouts"."method" in ('manual', 'stripe')),
	CONSTRAINT "payouts_status_known" CHECK ("payouts"."status" in ('pending', 'paid', 'failed', 'reversed')),
	CONSTRAINT "payouts_reference_length" CHECK (char_length("payouts"."reference") between 1 and 200),
	CONSTRAINT "payouts_note_length" CHECK (char_length("payouts"."note") <= 2000),
	CONSTRAINT "payouts_paid_at" CHECK (("payouts"."status" = 'paid') <= ("payouts"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_creator_idx" ON "payouts" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_stripe_reference_unique" ON "payouts" USING btree ("reference") WHERE "payouts"."method" = 'stripe' and "payouts"."reference" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_payout_idx" ON "ledger_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_stripe_account_unique" ON "users" USING btree ("stripe_account_id");--> statement-breakpoint
-- The ledger follows a payout's status in the transaction that moves it, as it follows payments
-- (migration 0025): becoming paid moves the amount out of the creator's balance (the creator's
-- account debited, cash credited); a paid payout reversed (the bank or Stripe sent it back) writes the
-- exact reverse. A payout moves forward only: pending to paid or failed, paid to reversed; a paid or
-- reversed payout keeps its creator and amount. Each ledger entry announces its creator (migration
-- 0027), so the creator's cached earnings drop.
CREATE FUNCTION ga_ledger_of_payout() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry uuid := gen_random_uuid();
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.creator_id, NEW.amount_cents, NEW.currency) IS DISTINCT FROM (OLD.creator_id, OLD.amount_cents, OLD.currency)
       AND OLD.status IN ('paid', 'reversed') THEN
      RAISE EXCEPTION 'a paid payout keeps its creator and amount';
    END IF;
    IF NEW.status IS NOT DISTINCT FROM OLD.status THEN RETURN NULL; END IF;
    IF NOT ((OLD.status = 'pending' AND NEW.status IN ('paid', 'failed')) OR (OLD.status = 'paid' AND NEW.status = 'reversed')) THEN
      RAISE EXCEPTION 'a payout cannot go from % to %', OLD.status, NEW.status;
    END IF;
  ELSIF NEW.status NOT IN ('pending', 'paid') THEN
    RAISE EXCEPTION 'a payout starts pending or paid';
  END IF;
  IF NEW.status = 'paid' THEN
    INSERT INTO ledger_entries (transaction_id, kind, account, amount_cents, payout_id, creator_id) VALUES
      (entry, 'payout', 'creator', NEW.amount_cents, NEW.id, NEW.creator_id),
      (entry, 'payout', 'cash', -NEW.amount_cents, NEW.id, NEW.creator_id);
  ELSIF NEW.status = 'reversed' THEN
    INSERT INTO ledger_entries (transaction_id, kind, account, amount_cents, payout_id, creator_id)
      SELECT entry, 'payout', l.account, -l.amount_cents, l.payout_id, l.creator_id
      FROM ledger_entries l WHERE l.payout_id = NEW.id AND l.kind = 'payout';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payouts_ledger AFTER INSERT OR UPDATE ON payouts
  FOR EACH ROW EXECUTE FUNCTION ga_ledger_of_payout();
--> statement-breakpoint
-- A payout and its ledger entries stay: a mistaken one is reversed, never deleted.
CREATE FUNCTION ga_payouts_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'payouts are never deleted; reverse one instead';
END $$;
--> statement-breakpoint
CREATE TRIGGER payouts_kept BEFORE DELETE ON payouts
  FOR EACH ROW EXECUTE FUNCTION ga_payouts_kept();
