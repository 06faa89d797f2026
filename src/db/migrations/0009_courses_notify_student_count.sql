-- Each enrollment changes courses.student_count (0008), and 'course:<id>' made every caching process
-- drop the catalogue and the course: under a crowd enrolling, readers of the catalogue waited for its
-- rebuild, behind the enrollments' own queries, many times a second. An update that changes nothing
-- but student_count now announces 'course-counted:<id>,<new count>', applied to what a cache holds
-- without a query, as 'course-touched' (0007) is.
CREATE OR REPLACE FUNCTION ga_notify_course() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.id = NEW.id AND (to_jsonb(OLD) - 'updated_at') = (to_jsonb(NEW) - 'updated_at') THEN
    IF OLD.updated_at IS DISTINCT FROM NEW.updated_at THEN
      PERFORM pg_notify('ga_cache', 'course-touched:' || NEW.id || ',' ||
        to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00');
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.id = NEW.id AND (to_jsonb(OLD) - 'student_count') = (to_jsonb(NEW) - 'student_count') THEN
    PERFORM pg_notify('ga_cache', 'course-counted:' || NEW.id || ',' || NEW.student_count);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ga_cache', 'course:' || OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ga_cache', 'course:' || NEW.id); END IF;
  RETURN NULL;
END $$;
