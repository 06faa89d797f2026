CREATE TABLE "review_reports" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_reports_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"reply_body" text,
	"reply_created_at" timestamp with time zone,
	"report_count" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_body_length" CHECK (char_length("reviews"."body") <= 2000),
	CONSTRAINT "reviews_reply_length" CHECK ("reviews"."reply_body" is null or char_length("reviews"."reply_body") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reports" ADD CONSTRAINT "review_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_course_user_idx" ON "reviews" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_course_newest_idx" ON "reviews" USING btree ("course_id","created_at","id");--> statement-breakpoint
-- A course's rating follows its reviews in the review's own transaction, as its student count follows
-- its enrollments (0008): no code path can forget it. A hidden review counts nowhere. The changes are
-- increments of the course row, which its lock serializes, so concurrent reviews never lose one.
CREATE FUNCTION ga_count_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := TG_OP <> 'INSERT' AND OLD.hidden_at IS NULL;
  new_counts boolean := TG_OP <> 'DELETE' AND NEW.hidden_at IS NULL;
BEGIN
  IF TG_OP = 'UPDATE' AND old_counts = new_counts AND OLD.rating = NEW.rating AND OLD.course_id = NEW.course_id THEN
    RETURN NULL;
  END IF;
  IF old_counts THEN
    UPDATE courses SET rating_total = rating_total - OLD.rating, rating_count = rating_count - 1,
      rating_average = CASE WHEN rating_count > 1 THEN (rating_total - OLD.rating)::real / (rating_count - 1) END
      WHERE id = OLD.course_id;
  END IF;
  IF new_counts THEN
    UPDATE courses SET rating_total = rating_total + NEW.rating, rating_count = rating_count + 1,
      rating_average = (rating_total + NEW.rating)::real / (rating_count + 1)
      WHERE id = NEW.course_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_count_ratings AFTER INSERT OR DELETE OR UPDATE OF rating, hidden_at, course_id ON reviews
  FOR EACH ROW EXECUTE FUNCTION ga_count_ratings();
--> statement-breakpoint
-- No review was ever stored (course_ratings was never written): every course starts without a rating.
UPDATE courses SET rating_average = NULL, rating_count = 0 WHERE rating_count <> 0 OR rating_average IS NOT NULL;
