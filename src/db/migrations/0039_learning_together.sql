CREATE TABLE "discussion_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid,
	"reply_id" uuid,
	"user_id" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_reports_one_post" CHECK (("discussion_reports"."thread_id" is null) <> ("discussion_reports"."reply_id" is null)),
	CONSTRAINT "discussion_reports_reason_length" CHECK (char_length("discussion_reports"."reason") <= 500)
);
--> statement-breakpoint
CREATE TABLE "lesson_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lesson_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"body" text NOT NULL,
	"upvote_count" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_threads_body_length" CHECK (char_length("lesson_threads"."body") between 1 and 5000),
	CONSTRAINT "lesson_threads_upvotes_nonnegative" CHECK ("lesson_threads"."upvote_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "thread_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"body" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_replies_body_length" CHECK (char_length("thread_replies"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "thread_upvotes" (
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_upvotes_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "unlock_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"module_id" uuid,
	"quiz_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unlock_notices_one_part" CHECK (("unlock_notices"."module_id" is null) <> ("unlock_notices"."quiz_id" is null))
);
--> statement-breakpoint
CREATE TABLE "video_positions" (
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"position_seconds" real NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_positions_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id"),
	CONSTRAINT "video_positions_position_range" CHECK ("video_positions"."position_seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "course_modules" ADD COLUMN "unlock_after_days" integer;--> statement-breakpoint
ALTER TABLE "course_modules" ADD COLUMN "unlock_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_modules" ADD COLUMN "prerequisite_quiz_id" uuid;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "captions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "unlock_after_days" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "unlock_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "prerequisite_quiz_id" uuid;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_thread_id_lesson_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."lesson_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_reply_id_thread_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."thread_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_threads" ADD CONSTRAINT "lesson_threads_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_threads" ADD CONSTRAINT "lesson_threads_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_threads" ADD CONSTRAINT "lesson_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_replies" ADD CONSTRAINT "thread_replies_thread_id_lesson_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."lesson_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_replies" ADD CONSTRAINT "thread_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_upvotes" ADD CONSTRAINT "thread_upvotes_thread_id_lesson_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."lesson_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_upvotes" ADD CONSTRAINT "thread_upvotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_notices" ADD CONSTRAINT "unlock_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_notices" ADD CONSTRAINT "unlock_notices_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unlock_notices" ADD CONSTRAINT "unlock_notices_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_positions" ADD CONSTRAINT "video_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_positions" ADD CONSTRAINT "video_positions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_reports_thread_user_unique" ON "discussion_reports" USING btree ("thread_id","user_id") WHERE "discussion_reports"."thread_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_reports_reply_user_unique" ON "discussion_reports" USING btree ("reply_id","user_id") WHERE "discussion_reports"."reply_id" is not null;--> statement-breakpoint
CREATE INDEX "discussion_reports_created_idx" ON "discussion_reports" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lesson_threads_newest_idx" ON "lesson_threads" USING btree ("lesson_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lesson_threads_top_idx" ON "lesson_threads" USING btree ("lesson_id","upvote_count" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lesson_threads_course_idx" ON "lesson_threads" USING btree ("course_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "lesson_threads_user_idx" ON "lesson_threads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "thread_replies_thread_idx" ON "thread_replies" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE INDEX "thread_replies_user_idx" ON "thread_replies" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "thread_upvotes_user_idx" ON "thread_upvotes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unlock_notices_user_module_unique" ON "unlock_notices" USING btree ("user_id","module_id") WHERE "unlock_notices"."module_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "unlock_notices_user_quiz_unique" ON "unlock_notices" USING btree ("user_id","quiz_id") WHERE "unlock_notices"."quiz_id" is not null;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_prerequisite_quiz_id_quizzes_id_fk" FOREIGN KEY ("prerequisite_quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_prerequisite_quiz_id_quizzes_id_fk" FOREIGN KEY ("prerequisite_quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_modules_prerequisite_idx" ON "course_modules" USING btree ("prerequisite_quiz_id");--> statement-breakpoint
CREATE INDEX "quizzes_prerequisite_idx" ON "quizzes" USING btree ("prerequisite_quiz_id");--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_unlock_days_range" CHECK ("course_modules"."unlock_after_days" between 0 and 3650);--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_unlock_days_range" CHECK ("quizzes"."unlock_after_days" between 0 and 3650);--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_prerequisite_not_itself" CHECK ("quizzes"."prerequisite_quiz_id" <> "quizzes"."id");--> statement-breakpoint
-- A thread's upvote count follows its upvotes in the upvote's own transaction, as a review's helpful
-- count follows its votes (0034). Increments of the thread row, which its lock serializes.
CREATE FUNCTION ga_count_thread_upvotes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE lesson_threads SET upvote_count = upvote_count + 1 WHERE id = NEW.thread_id;
  ELSE
    UPDATE lesson_threads SET upvote_count = upvote_count - 1 WHERE id = OLD.thread_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER thread_upvotes_count AFTER INSERT OR DELETE ON thread_upvotes
  FOR EACH ROW EXECUTE FUNCTION ga_count_thread_upvotes();
