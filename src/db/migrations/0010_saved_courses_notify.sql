-- A user's saved courses are read on every course page they open (and a drawn page asks for them on
-- each visit): cached per user like enrollments, so a save or an unsave announces 'saved:<user id>',
-- whoever makes it, and every caching process drops that user's list.
CREATE TRIGGER saved_courses_notify AFTER INSERT OR UPDATE OR DELETE ON saved_courses
  FOR EACH ROW EXECUTE FUNCTION ga_notify_by_user('saved');
