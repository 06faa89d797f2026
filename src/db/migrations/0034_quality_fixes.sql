CREATE TABLE "operation_holds" (
	"name" text PRIMARY KEY NOT NULL,
	"held_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "image_alt" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "peak_progress" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "helpful_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payout_details" text;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_votes_user_idx" ON "review_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reviews_course_helpful_idx" ON "reviews" USING btree ("course_id","helpful_count","created_at","id");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_image_alt_length" CHECK (char_length("lessons"."image_alt") <= 500);--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_both" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoked_reason" is null));--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_reason_length" CHECK (char_length("certificates"."revoked_reason") between 1 and 500);--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_peak_progress_range" CHECK ("enrollments"."peak_progress" between 0 and 100);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_payout_details_length" CHECK (char_length("users"."payout_details") <= 1000);--> statement-breakpoint
-- A review's helpful count follows its votes in the vote's own transaction, as its course's rating
-- follows reviews (0017). Increments of the review row, which its lock serializes.
CREATE FUNCTION ga_count_review_votes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE reviews SET helpful_count = helpful_count + 1 WHERE id = NEW.review_id;
  ELSE
    UPDATE reviews SET helpful_count = helpful_count - 1 WHERE id = OLD.review_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER review_votes_count AFTER INSERT OR DELETE ON review_votes
  FOR EACH ROW EXECUTE FUNCTION ga_count_review_votes();
--> statement-breakpoint
-- Every enrollment starts from the progress it has today (lib/progress.ts's rule: slides done and
-- quizzes with questions passed at 80 %, over all slides and such quizzes).
UPDATE enrollments e SET peak_progress = p.percent
FROM (
  SELECT en.id,
    CASE WHEN t.total = 0 THEN 0 ELSE round(100.0 * (d.lessons + d.quizzes) / t.total)::smallint END AS percent
  FROM enrollments en
  CROSS JOIN LATERAL (
    SELECT
      (SELECT count(*) FROM lessons l JOIN course_modules m ON m.id = l.module_id WHERE m.course_id = en.course_id)
      + (SELECT count(*) FROM quizzes q WHERE q.course_id = en.course_id
           AND EXISTS (SELECT 1 FROM quiz_questions qq WHERE qq.quiz_id = q.id)) AS total
  ) t
  CROSS JOIN LATERAL (
    SELECT
      (SELECT count(*) FROM lesson_progress lp JOIN lessons l ON l.id = lp.lesson_id
         JOIN course_modules m ON m.id = l.module_id
         WHERE lp.user_id = en.user_id AND m.course_id = en.course_id AND lp.completed) AS lessons,
      (SELECT count(*) FROM quizzes q WHERE q.course_id = en.course_id
         AND EXISTS (SELECT 1 FROM quiz_questions qq WHERE qq.quiz_id = q.id)
         AND EXISTS (SELECT 1 FROM quiz_attempts a WHERE a.quiz_id = q.id AND a.user_id = en.user_id
           AND a.status = 'completed' AND a.total_questions > 0 AND a.score * 100 >= 80 * a.total_questions)) AS quizzes
  ) d
) p
WHERE p.id = e.id AND p.percent > 0;
--> statement-breakpoint
-- Refunds before this migration left the certificate valid and the review counted: a refunded course
-- (a refunded payment, no enrollment) now has neither.
UPDATE certificates c SET revoked_at = now(), revoked_reason = 'Refunded'
WHERE NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = c.user_id AND e.course_id = c.course_id)
  AND EXISTS (SELECT 1 FROM payments p WHERE p.user_id = c.user_id AND p.course_id = c.course_id
    AND p.status IN ('refund_pending', 'refunded'));
--> statement-breakpoint
DELETE FROM reviews r
WHERE NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.user_id = r.user_id AND e.course_id = r.course_id)
  AND EXISTS (SELECT 1 FROM payments p WHERE p.user_id = r.user_id AND p.course_id = r.course_id
    AND p.status IN ('refund_pending', 'refunded'));
