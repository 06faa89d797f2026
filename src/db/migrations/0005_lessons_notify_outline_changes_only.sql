-- A slide's text, image or video is not part of any cached outline (lessons are read fresh), and
-- the edit already announces its course through courses.updated_at. Announcing the outline too made
-- every caching process drop every user's progress percentages on each keystroke-save of a slide;
-- now only changes an outline shows (title, type, order, module, duration) announce it.
DROP TRIGGER lessons_notify ON lessons;
--> statement-breakpoint
CREATE TRIGGER lessons_notify_insert_delete AFTER INSERT OR DELETE ON lessons
  FOR EACH ROW EXECUTE FUNCTION ga_notify_outline_by_lesson();
--> statement-breakpoint
CREATE TRIGGER lessons_notify_outline_update AFTER UPDATE ON lessons
  FOR EACH ROW
  WHEN (
    OLD.title IS DISTINCT FROM NEW.title
    OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.position IS DISTINCT FROM NEW.position
    OR OLD.module_id IS DISTINCT FROM NEW.module_id
    OR OLD.duration IS DISTINCT FROM NEW.duration
  )
  EXECUTE FUNCTION ga_notify_outline_by_lesson();
--> statement-breakpoint
-- Progress percentages count a course's lessons and quizzes. Renaming or reordering changes no
-- count, so those announce 'outline' (the course's cached outline only); adding or removing a
-- lesson, a quiz or a module (its lessons go with it) announces 'structure', which also drops the
-- cached percentages.
CREATE OR REPLACE FUNCTION ga_notify_outline_by_course() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE kind text;
BEGIN
  kind := CASE
    WHEN TG_OP = 'UPDATE' AND OLD.course_id = NEW.course_id THEN 'outline'
    WHEN TG_TABLE_NAME = 'course_modules' AND TG_OP = 'INSERT' THEN 'outline'
    ELSE 'structure'
  END;
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ga_cache', kind || ':' || OLD.course_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ga_cache', kind || ':' || NEW.course_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ga_notify_outline_by_lesson() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE course uuid;
DECLARE kind text;
BEGIN
  kind := CASE WHEN TG_OP = 'UPDATE' AND OLD.module_id = NEW.module_id THEN 'outline' ELSE 'structure' END;
  IF TG_OP <> 'INSERT' THEN
    SELECT m.course_id INTO course FROM course_modules m WHERE m.id = OLD.module_id;
    IF course IS NOT NULL THEN PERFORM pg_notify('ga_cache', kind || ':' || course); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT m.course_id INTO course FROM course_modules m WHERE m.id = NEW.module_id;
    IF course IS NOT NULL THEN PERFORM pg_notify('ga_cache', kind || ':' || course); END IF;
  END IF;
  RETURN NULL;
END $$;
