-- Every edit of a course's content bumps courses.updated_at, and 'course:<id>' made every caching
-- process drop the catalogue and the course, so readers waited for a rebuild several times a second
-- while creators worked. An update that changes nothing but updated_at now announces
-- 'course-touched:<id>,<new updated_at in UTC>', which a cache applies to what it holds without a query.
CREATE OR REPLACE FUNCTION ga_notify_course() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.id = NEW.id AND (to_jsonb(OLD) - 'updated_at') = (to_jsonb(NEW) - 'updated_at') THEN
    IF OLD.updated_at IS DISTINCT FROM NEW.updated_at THEN
      PERFORM pg_notify('ga_cache', 'course-touched:' || NEW.id || ',' ||
        to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00');
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ga_cache', 'course:' || OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ga_cache', 'course:' || NEW.id); END IF;
  RETURN NULL;
END $$;
