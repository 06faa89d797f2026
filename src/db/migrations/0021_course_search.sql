-- Course search (GET /api/courses/search): a weighted text document per course, kept by triggers in
-- the writing transaction, and trigram indexes for typos. The document lives in a table of its own,
-- not on the course row, so a module or slide renamed does not count up the course's version nor
-- announce a change of it (migration 0011). Not in the Drizzle schema: only SQL reads it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE course_search (
  course_id uuid PRIMARY KEY REFERENCES courses(id) ON DELETE CASCADE,
  -- The title again, beside the document, so one bitmap scan of this table finds words and typos.
  title text NOT NULL,
  document tsvector NOT NULL,
  -- The course's free-text duration ('11h 20m', '45 min', '6 hours') read as minutes; null when unreadable.
  minutes integer
);
--> statement-breakpoint
CREATE INDEX course_search_document_idx ON course_search USING gin (document);
--> statement-breakpoint
CREATE INDEX course_search_title_trgm_idx ON course_search USING gin (title gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION ga_duration_minutes(duration text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN hours IS NULL AND weeks IS NULL AND mins IS NULL THEN NULL
    -- A week of study is taken as five hours.
    ELSE round(coalesce(hours, 0) * 60 + coalesce(weeks, 0) * 300 + coalesce(mins, 0))::integer END
  FROM (SELECT
    substring(lower(duration) FROM '([0-9]+(?:\.[0-9]+)?)\s*(?:h|hr|hrs|hour|hours)\M')::numeric AS hours,
    substring(lower(duration) FROM '([0-9]+(?:\.[0-9]+)?)\s*(?:w|wk|wks|week|weeks)\M')::numeric AS weeks,
    substring(lower(duration) FROM '([0-9]+)\s*(?:m|min|mins|minute|minutes)\M')::numeric AS mins) AS parts
$$;
--> statement-breakpoint
-- A text's words both stemmed ('networks' finds 'network') and as written (so 'tokeniz' finds
-- 'tokenization', which the stemmer makes 'token'), with one weight.
CREATE FUNCTION ga_search_words(body text, weight "char") RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT setweight(to_tsvector('english', body), weight) || setweight(to_tsvector('simple', body), weight)
$$;
--> statement-breakpoint
-- Title first (A), then the creator's name (B), module and slide titles (C), the description's text (D).
CREATE FUNCTION ga_refresh_course_search(target uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO course_search (course_id, title, document, minutes)
  SELECT c.id, c.title,
    ga_search_words(c.title, 'A')
      || ga_search_words(u.name, 'B')
      || ga_search_words(coalesce(
           (SELECT string_agg(m.title, ' ') FROM course_modules m WHERE m.course_id = c.id), '') || ' ' || coalesce(
           (SELECT string_agg(l.title, ' ') FROM lessons l JOIN course_modules m ON m.id = l.module_id
             WHERE m.course_id = c.id), ''), 'C')
      || ga_search_words(regexp_replace(c.description, '<[^>]*>', ' ', 'g'), 'D'),
    ga_duration_minutes(c.duration)
  FROM courses c JOIN users u ON u.id = c.creator_id
  WHERE c.id = target
  ON CONFLICT (course_id) DO UPDATE
    SET title = EXCLUDED.title, document = EXCLUDED.document, minutes = EXCLUDED.minutes;
$$;

--> statement-breakpoint
CREATE FUNCTION ga_course_search_of_course() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ga_refresh_course_search(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER courses_search AFTER INSERT OR UPDATE OF title, description, duration, creator_id ON courses
  FOR EACH ROW EXECUTE FUNCTION ga_course_search_of_course();
--> statement-breakpoint
CREATE FUNCTION ga_course_search_of_module() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM ga_refresh_course_search(OLD.course_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.course_id <> OLD.course_id) THEN
    PERFORM ga_refresh_course_search(NEW.course_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_modules_search AFTER INSERT OR DELETE OR UPDATE OF title, course_id ON course_modules
  FOR EACH ROW EXECUTE FUNCTION ga_course_search_of_module();
--> statement-breakpoint
CREATE FUNCTION ga_course_search_of_lesson() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM ga_refresh_course_search(m.course_id) FROM course_modules m WHERE m.id = OLD.module_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.module_id <> OLD.module_id) THEN
    PERFORM ga_refresh_course_search(m.course_id) FROM course_modules m WHERE m.id = NEW.module_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lessons_search AFTER INSERT OR DELETE OR UPDATE OF title, module_id ON lessons
  FOR EACH ROW EXECUTE FUNCTION ga_course_search_of_lesson();
--> statement-breakpoint
CREATE FUNCTION ga_course_search_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ga_refresh_course_search(c.id) FROM courses c WHERE c.creator_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_search AFTER UPDATE OF name ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION ga_course_search_of_user();
--> statement-breakpoint
SELECT ga_refresh_course_search(id) FROM courses;
