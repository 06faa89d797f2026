CREATE TABLE "credential_status_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"credential" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_status_lists_used_range" CHECK ("credential_status_lists"."used" between 0 and "credential_status_lists"."size")
);
--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "credential" jsonb;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "status_list_id" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "status_index" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_status_list_id_credential_status_lists_id_fk" FOREIGN KEY ("status_list_id") REFERENCES "public"."credential_status_lists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_status_entry_unique" ON "certificates" USING btree ("status_list_id","status_index");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_status_entry_both" CHECK (("certificates"."status_list_id" is null) = ("certificates"."status_index" is null));