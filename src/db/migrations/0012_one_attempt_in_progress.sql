-- Parallel starts (a double click) made several attempts in progress of one quiz for one learner.
-- Of those made before this index, the newest stays; the others, abandoned the moment they were
-- made, go with their answers.
DELETE FROM "quiz_attempts" a
  USING "quiz_attempts" newer
  WHERE a.status = 'in_progress' AND newer.status = 'in_progress'
    AND a.user_id = newer.user_id AND a.quiz_id = newer.quiz_id
    AND (a.started_at, a.id) < (newer.started_at, newer.id);
--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_one_in_progress" ON "quiz_attempts" USING btree ("user_id","quiz_id") WHERE "quiz_attempts"."status" = 'in_progress';
