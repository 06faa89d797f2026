-- Cached reads are dropped by the database's own announcements (ADR 0009). Each table that feeds a
-- cache had its own trigger function, some announcing only a hand-kept list of columns: a new column
-- could go stale silently. One function now announces every change of every such table, whatever the
-- column, once per statement: '<table>:<key>,<key>,…' with the distinct keys of the rows it wrote
-- (at most 50 per notification, well under NOTIFY's 8000 bytes). Which tables announce, by which key
-- column, is the code's map (src/db/cache-feeds.ts): the triggers are made from it after migrating.
CREATE FUNCTION ga_announce() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rows_written text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %1$I::text AS k FROM new_rows', TG_ARGV[0])
    WHEN 'DELETE' THEN format('SELECT %1$I::text AS k FROM old_rows', TG_ARGV[0])
    ELSE format('SELECT %1$I::text AS k FROM old_rows UNION SELECT %1$I::text FROM new_rows', TG_ARGV[0])
  END;
  keys text;
BEGIN
  FOR keys IN EXECUTE format(
    'SELECT string_agg(k, '','') FROM (SELECT k, (row_number() OVER () - 1) / 50 AS part
       FROM (SELECT DISTINCT k FROM (%s) w WHERE k IS NOT NULL) d) n GROUP BY part', rows_written)
  LOOP
    PERFORM pg_notify('ga_cache', TG_TABLE_NAME || ':' || keys);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER sessions_notify_update ON sessions;
--> statement-breakpoint
DROP TRIGGER sessions_notify_delete ON sessions;
--> statement-breakpoint
DROP TRIGGER users_notify ON users;
--> statement-breakpoint
DROP TRIGGER courses_notify ON courses;
--> statement-breakpoint
DROP TRIGGER course_modules_notify ON course_modules;
--> statement-breakpoint
DROP TRIGGER quizzes_notify ON quizzes;
--> statement-breakpoint
DROP TRIGGER lessons_notify_insert_delete ON lessons;
--> statement-breakpoint
DROP TRIGGER lessons_notify_outline_update ON lessons;
--> statement-breakpoint
DROP TRIGGER lessons_notify_module_lists ON lessons;
--> statement-breakpoint
DROP TRIGGER quiz_questions_notify ON quiz_questions;
--> statement-breakpoint
DROP TRIGGER enrollments_notify ON enrollments;
--> statement-breakpoint
DROP TRIGGER lesson_progress_notify ON lesson_progress;
--> statement-breakpoint
DROP TRIGGER quiz_attempts_notify ON quiz_attempts;
--> statement-breakpoint
DROP TRIGGER saved_courses_notify ON saved_courses;
--> statement-breakpoint
DROP TRIGGER reviews_notify ON reviews;
--> statement-breakpoint
DROP TRIGGER ledger_entries_notify ON ledger_entries;
--> statement-breakpoint
DROP TRIGGER payouts_notify ON payouts;
--> statement-breakpoint
DROP FUNCTION ga_notify_sessions();
--> statement-breakpoint
DROP FUNCTION ga_notify_user();
--> statement-breakpoint
DROP FUNCTION ga_notify_course();
--> statement-breakpoint
DROP FUNCTION ga_notify_outline_by_course();
--> statement-breakpoint
DROP FUNCTION ga_notify_outline_by_lesson();
--> statement-breakpoint
DROP FUNCTION ga_notify_outline_by_question();
--> statement-breakpoint
DROP FUNCTION ga_notify_by_user();
--> statement-breakpoint
DROP FUNCTION ga_notify_lessons_of_module();
--> statement-breakpoint
DROP FUNCTION ga_notify_reviews();
--> statement-breakpoint
DROP FUNCTION ga_notify_earnings();
