ALTER TABLE "payments" ADD COLUMN "list_price_cents" integer;--> statement-breakpoint
UPDATE "payments" SET "list_price_cents" = "amount_cents" WHERE "list_price_cents" IS NULL;
