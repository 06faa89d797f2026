CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"account" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"payment_id" uuid,
	"course_id" uuid,
	"creator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "platform_fee_percent" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_creator_idx" ON "ledger_entries" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_payment_idx" ON "ledger_entries" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
-- The ledger follows a payment's status in the transaction that moves it, whichever code moved it:
-- becoming succeeded is a sale (cash in; the creator's share and the platform's fee owed); leaving
-- succeeded (refund_pending, refunded) is the sale's refund, its exact reverse, fee included.
CREATE FUNCTION ga_ledger_of_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  creator uuid;
  fee bigint;
  entry uuid := gen_random_uuid();
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN RETURN NULL; END IF;
  IF NEW.status = 'succeeded' THEN
    SELECT c.creator_id INTO creator FROM courses c WHERE c.id = NEW.course_id;
    fee := round(NEW.amount_cents * NEW.platform_fee_percent / 100.0);
    INSERT INTO ledger_entries (transaction_id, kind, account, amount_cents, payment_id, course_id, creator_id) VALUES
      (entry, 'sale', 'cash', NEW.amount_cents, NEW.id, NEW.course_id, creator),
      (entry, 'sale', 'creator', -(NEW.amount_cents - fee), NEW.id, NEW.course_id, creator),
      (entry, 'sale', 'platform_fees', -fee, NEW.id, NEW.course_id, creator);
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'succeeded' THEN
    INSERT INTO ledger_entries (transaction_id, kind, account, amount_cents, payment_id, course_id, creator_id)
      SELECT entry, 'refund', l.account, -l.amount_cents, l.payment_id, l.course_id, l.creator_id
      FROM ledger_entries l WHERE l.payment_id = NEW.id AND l.kind = 'sale';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER payments_ledger AFTER INSERT OR UPDATE OF status ON payments
  FOR EACH ROW EXECUTE FUNCTION ga_ledger_of_payment();
--> statement-breakpoint
-- The payments that succeeded before the ledger: a sale each, on the day they succeeded.
INSERT INTO ledger_entries (transaction_id, kind, account, amount_cents, payment_id, course_id, creator_id, created_at)
  SELECT s.entry, 'sale', a.account, a.amount, p.id, p.course_id, c.creator_id, p.updated_at
  FROM payments p
  JOIN courses c ON c.id = p.course_id
  CROSS JOIN LATERAL (SELECT gen_random_uuid() AS entry, round(p.amount_cents * p.platform_fee_percent / 100.0)::bigint AS fee) s
  CROSS JOIN LATERAL (VALUES ('cash', p.amount_cents::bigint), ('creator', -(p.amount_cents - s.fee)), ('platform_fees', -s.fee))
    AS a(account, amount)
  WHERE p.status = 'succeeded';
