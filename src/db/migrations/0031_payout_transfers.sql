-- Scheduled Stripe transfers (ADR 0032, "Transfers") reserve a creator's balance with a pending payout
-- before Stripe is asked, and `available` subtracts pending payouts. A pending payout writes no ledger
-- entry, so the payout itself announces its creator (as ledger entries do, migration 0027) when it is
-- made or moves: the creator's cached earnings drop when money is reserved or given back (failed).
CREATE TRIGGER payouts_notify AFTER INSERT OR UPDATE ON payouts
  FOR EACH ROW EXECUTE FUNCTION ga_notify_earnings();
