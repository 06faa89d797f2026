-- A course's first page of reviews is cached per course and order (src/server/lib/read-cache): any
-- change to one of its reviews announces 'reviews:<course id>', whoever makes it.
CREATE FUNCTION ga_notify_reviews() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ga_cache', 'reviews:' || OLD.course_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.course_id <> OLD.course_id) THEN
    PERFORM pg_notify('ga_cache', 'reviews:' || NEW.course_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_notify AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION ga_notify_reviews();
