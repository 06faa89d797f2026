ALTER TABLE "quiz_questions" ALTER COLUMN "option_a" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ALTER COLUMN "option_b" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ALTER COLUMN "correct_answer" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_answers" ALTER COLUMN "selected_option" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "type" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "fields" jsonb;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "choice_ids" text[];--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "pass_percent" smallint DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "time_limit_minutes" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "max_attempts" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "shuffle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD COLUMN "answer" jsonb;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "pass_percent" smallint DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD CONSTRAINT "quiz_questions_fields_of_type" CHECK (case when "quiz_questions"."type" = 'single'
        then "quiz_questions"."option_a" is not null and "quiz_questions"."option_b" is not null and "quiz_questions"."correct_answer" is not null and "quiz_questions"."fields" is null
        else "quiz_questions"."fields" ->> 'type' = "quiz_questions"."type" and "quiz_questions"."option_a" is null and "quiz_questions"."option_b" is null and "quiz_questions"."correct_answer" is null end);--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_pass_percent_range" CHECK ("quizzes"."pass_percent" between 1 and 100);--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_time_limit_positive" CHECK ("quizzes"."time_limit_minutes" > 0);--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_max_attempts_positive" CHECK ("quizzes"."max_attempts" > 0);--> statement-breakpoint
ALTER TABLE "quiz_answers" ADD CONSTRAINT "quiz_answers_one_form" CHECK (("quiz_answers"."selected_option" is null) <> ("quiz_answers"."answer" is null));--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_pass_percent_range" CHECK ("quiz_attempts"."pass_percent" between 1 and 100);