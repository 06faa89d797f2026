-- Every change to data the app caches announces itself on the channel 'ga_cache', whoever makes it
-- (the app, a seed, a script, psql). Each app process listens and drops what changed; NOTIFY is
-- transactional, so a rolled-back change announces nothing and a committed one reaches every
-- listener at commit. Payloads are '<kind>:<id>'.
CREATE FUNCTION ga_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ga_cache', 'session:' || OLD.token_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION ga_notify_session();
--> statement-breakpoint
CREATE FUNCTION ga_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ga_cache', 'user:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION ga_notify_user();
--> statement-breakpoint
CREATE FUNCTION ga_notify_course() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ga_cache', 'course:' || OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ga_cache', 'course:' || NEW.id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_notify AFTER INSERT OR UPDATE OR DELETE ON courses
  FOR EACH ROW EXECUTE FUNCTION ga_notify_course();
--> statement-breakpoint
-- Modules and quizzes carry course_id; the outline of that course changed.
CREATE FUNCTION ga_notify_outline_by_course() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ga_cache', 'outline:' || OLD.course_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ga_cache', 'outline:' || NEW.course_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_modules_notify AFTER INSERT OR UPDATE OR DELETE ON course_modules
  FOR EACH ROW EXECUTE FUNCTION ga_notify_outline_by_course();
--> statement-breakpoint
CREATE TRIGGER quizzes_notify AFTER INSERT OR UPDATE OR DELETE ON quizzes
  FOR EACH ROW EXECUTE FUNCTION ga_notify_outline_by_course();
--> statement-breakpoint
-- Lessons and questions reach their course through their module or quiz. When the parent goes in
-- the same statement (a cascade), the parent's own trigger has announced the course already.
CREATE FUNCTION ga_notify_outline_by_lesson() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER lessons_notify AFTER INSERT OR UPDATE OR DELETE ON lessons
  FOR EACH ROW EXECUTE FUNCTION ga_notify_outline_by_lesson();
--> statement-breakpoint
CREATE FUNCTION ga_notify_outline_by_question() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE course uuid;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT q.course_id INTO course FROM quizzes q WHERE q.id = OLD.quiz_id;
    IF course IS NOT NULL THEN PERFORM pg_notify('ga_cache', 'outline:' || course); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT q.course_id INTO course FROM quizzes q WHERE q.id = NEW.quiz_id;
    IF course IS NOT NULL THEN PERFORM pg_notify('ga_cache', 'outline:' || course); END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quiz_questions_notify AFTER INSERT OR UPDATE OR DELETE ON quiz_questions
  FOR EACH ROW EXECUTE FUNCTION ga_notify_outline_by_question();
--> statement-breakpoint
-- Enrollments, lesson progress and quiz attempts belong to one user.
CREATE FUNCTION ga_notify_by_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ga_cache', TG_ARGV[0] || ':' || OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('ga_cache', TG_ARGV[0] || ':' || NEW.user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_notify AFTER INSERT OR UPDATE OR DELETE ON enrollments
  FOR EACH ROW EXECUTE FUNCTION ga_notify_by_user('enrollments');
--> statement-breakpoint
CREATE TRIGGER lesson_progress_notify AFTER INSERT OR UPDATE OR DELETE ON lesson_progress
  FOR EACH ROW EXECUTE FUNCTION ga_notify_by_user('progress');
--> statement-breakpoint
CREATE TRIGGER quiz_attempts_notify AFTER INSERT OR UPDATE OR DELETE ON quiz_attempts
  FOR EACH ROW EXECUTE FUNCTION ga_notify_by_user('progress');
