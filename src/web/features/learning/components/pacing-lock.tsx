import { Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { QuizOutline } from '#shared/schemas/outline';
import { paths } from '#web/lib/paths';

/** A module or quiz of the outline as an enrolled student gets it (docs/product.md, Pacing). */
type Paced = { locked?: boolean | undefined; unlocksAt?: string | null | undefined; prerequisiteQuizId: string | null };

/**
 * The date in the learner's own locale once in their browser; the ISO day while drawn on the server,
 * whose locale is not theirs (a different text would not hydrate).
 */
function OpeningDate({ iso }: { iso: string }) {
  const [text, setText] = useState(iso.slice(0, 10));
  useEffect(() => setText(new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })), [iso]);
  return <time dateTime={iso}>{text}</time>;
}

/** The quiz still to pass before a locked part opens, if one holds it. */
const prerequisiteOf = (part: Paced, quizzes: QuizOutline[], passed: ReadonlySet<string>) =>
  part.prerequisiteQuizId && !passed.has(part.prerequisiteQuizId)
    ? quizzes.find((quiz) => quiz.id === part.prerequisiteQuizId)
    : undefined;

/** "Opens on <date>" and/or "Pass <quiz> to open", under a locked item of the outline. */
export function LockNote({ part, quizzes, passed }: { part: Paced; quizzes: QuizOutline[]; passed: ReadonlySet<string> }) {
  if (!part.locked) return null;
  const quiz = prerequisiteOf(part, quizzes, passed);
  return (
    <span className="flex items-center gap-1 text-xs font-normal text-muted-foreground">
      <Lock className="size-3 shrink-0" aria-hidden="true" />
      <span>
        {part.unlocksAt ? (
          <>
            Opens on <OpeningDate iso={part.unlocksAt} />
          </>
        ) : null}
        {part.unlocksAt && quiz ? '; ' : null}
        {quiz ? `Pass ${quiz.title} to open` : null}
      </span>
    </span>
  );
}

/** What a locked item's panel shows instead of its content: when it opens, and the quiz to pass. */
export function LockedPanel({
  courseId,
  part,
  quizzes,
  passed,
}: {
  courseId: string;
  part: Paced;
  quizzes: QuizOutline[];
  passed: ReadonlySet<string>;
}) {
  const quiz = prerequisiteOf(part, quizzes, passed);
  return (
    <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-8 text-center">
      <Lock className="size-8 text-muted-foreground" aria-hidden="true" />
      <h2 className="text-xl font-semibold">Not open yet</h2>
      {part.unlocksAt ? (
        <p>
          Opens on <OpeningDate iso={part.unlocksAt} />
        </p>
      ) : null}
      {quiz ? (
        <p>
          Pass{' '}
          <Link className="font-medium text-primary underline" to={paths.course.learnItem.getHref(courseId, quiz.id)}>
            {quiz.title}
          </Link>{' '}
          to open
        </p>
      ) : null}
    </div>
  );
}
