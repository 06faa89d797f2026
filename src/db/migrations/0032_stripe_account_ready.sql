-- Whether a creator's Stripe Connect account can receive transfers (ADR 0032, "Readiness"): learnt from a
-- status read of the account and from `account.updated` webhooks; scheduled transfers pay only ready accounts.
ALTER TABLE "users" ADD COLUMN "stripe_payouts_ready" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_account_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_stripe_ready_has_account" CHECK (not "users"."stripe_payouts_ready" or "users"."stripe_account_id" is not null);
