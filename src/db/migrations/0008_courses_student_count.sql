-- courses.student_count is shown on every card but nothing kept it up to date after the seed: each
-- enrollment (free, by confirm-payment or by webhook) left it behind. A trigger keeps it in the
-- enrollment's own transaction, so no code path can forget it and no crash can leave it half done.
CREATE FUNCTION ga_count_students() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE courses SET student_count = student_count - 1 WHERE id = OLD.course_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE courses SET student_count = student_count + 1 WHERE id = NEW.course_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrollments_count_students AFTER INSERT OR DELETE OR UPDATE OF course_id ON enrollments
  FOR EACH ROW EXECUTE FUNCTION ga_count_students();
--> statement-breakpoint
UPDATE courses SET student_count = (SELECT count(*) FROM enrollments e WHERE e.course_id = courses.id)
  WHERE student_count <> (SELECT count(*) FROM enrollments e WHERE e.course_id = courses.id);
