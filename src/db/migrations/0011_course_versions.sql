ALTER TABLE "courses" ADD COLUMN "version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each update of a course counts up its version, in the updating transaction: updates of one row
-- are serialized by its lock, so versions follow commit order. Announcements that a cache applies in
-- place (touched, counted) carry the version they made. They reach a process on two connections (its
-- own writes, and other processes' through the listener) and can arrive out of order: a cache applies
-- one only on top of the version before it, ignores an older one and drops the course on a gap.
CREATE FUNCTION ga_count_course_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_count_version BEFORE UPDATE ON courses
  FOR EACH ROW EXECUTE FUNCTION ga_count_course_version();
--> statement-breakpoint
-- 'course-touched:<id>,<version>,<updated_at in UTC>' and 'course-counted:<id>,<version>,<count>'.
CREATE OR REPLACE FUNCTION ga_notify_course() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.id = NEW.id
    AND (to_jsonb(OLD) - 'updated_at' - 'version') = (to_jsonb(NEW) - 'updated_at' - 'version') THEN
    IF OLD.updated_at IS DISTINCT FROM NEW.updated_at THEN
      PERFORM pg_notify('ga_cache', 'course-touched:' || NEW.id || ',' || NEW.version || ',' ||
        to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00');
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.id = NEW.id
    AND (to_jsonb(OLD) - 'student_count' - 'version') = (to_jsonb(NEW) - 'student_count' - 'version') THEN
    PERFORM pg_notify('ga_cache', 'course-counted:' || NEW.id || ',' || NEW.version || ',' || NEW.student_count);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ga_cache', 'course:' || OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ga_cache', 'course:' || NEW.id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Progress is now worked out from a learner's record and the course's cached outline when read, so
-- adding or removing a lesson, quiz or module needs no announcement beyond the outline's: the
-- 'structure' kind of migration 0005, which dropped every learner's cached progress, goes.
CREATE OR REPLACE FUNCTION ga_notify_outline_by_course() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ga_cache', 'outline:' || OLD.course_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ga_cache', 'outline:' || NEW.course_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ga_notify_outline_by_lesson() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE course uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT m.course_id INTO course FROM course_modules m WHERE m.id = OLD.module_id;
    IF course IS NOT NULL THEN PERFORM pg_notify('ga_cache', 'outline:' || course); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT m.course_id INTO course FROM course_modules m WHERE m.id = NEW.module_id;
    IF course IS NOT NULL THEN PERFORM pg_notify('ga_cache', 'outline:' || course); END IF;
  END IF;
  RETURN NULL;
END $$;
