-- A module's slides, with their text and media, are cached per module: every change of a slide
-- (its content included) announces 'lessons:<module id>', for the module it left and the one it is in.
CREATE FUNCTION ga_notify_lessons_of_module() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('ga_cache', 'lessons:' || OLD.module_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR OLD.module_id IS DISTINCT FROM NEW.module_id) THEN
    PERFORM pg_notify('ga_cache', 'lessons:' || NEW.module_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lessons_notify_module_lists AFTER INSERT OR UPDATE OR DELETE ON lessons
  FOR EACH ROW EXECUTE FUNCTION ga_notify_lessons_of_module();
