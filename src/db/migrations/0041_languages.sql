ALTER TABLE "courses" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_language_tag" CHECK ("courses"."language" ~ '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$' and char_length("courses"."language") <= 35);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_known" CHECK ("users"."locale" in ('en', 'es', 'de', 'ar'));