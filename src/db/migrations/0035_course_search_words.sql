-- Course search's typo tolerance (ADR 0046): every distinct word of the search documents (migration
-- 0021) with the number of documents that hold it, kept by trigger in the writing transaction. A query
-- word that finds nothing is compared with the words here that look like it (a trigram index over
-- words, not over courses), so the cost depends on the vocabulary, not on the catalogue.
CREATE TABLE course_search_words (
  word text COLLATE "C" PRIMARY KEY,
  documents integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX course_search_words_trgm_idx ON course_search_words USING gin (word gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION ga_count_course_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text[] := CASE WHEN TG_OP = 'INSERT' THEN '{}' ELSE tsvector_to_array(OLD.document) END;
  after text[] := CASE WHEN TG_OP = 'DELETE' THEN '{}' ELSE tsvector_to_array(NEW.document) END;
  came text[] := ARRAY(SELECT unnest(after) EXCEPT SELECT unnest(before));
  gone text[] := ARRAY(SELECT unnest(before) EXCEPT SELECT unnest(after));
BEGIN
  -- Only the words that changed, in word order, so two writers lock the words they share in one order.
  INSERT INTO course_search_words AS w (word, documents)
  SELECT word, change FROM (SELECT unnest(came) AS word, 1 AS change UNION ALL SELECT unnest(gone), -1) AS changes
  ORDER BY word
  ON CONFLICT (word) DO UPDATE SET documents = w.documents + EXCLUDED.documents;
  DELETE FROM course_search_words WHERE word = ANY (gone) AND documents <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_search_words AFTER INSERT OR DELETE OR UPDATE OF document ON course_search
  FOR EACH ROW EXECUTE FUNCTION ga_count_course_search_words();
--> statement-breakpoint
INSERT INTO course_search_words (word, documents)
SELECT word, count(*)::integer FROM course_search, unnest(tsvector_to_array(document)) AS word GROUP BY word;
--> statement-breakpoint
-- Typos are found through the words above now; nothing reads titles by trigram any more.
DROP INDEX course_search_title_trgm_idx;
