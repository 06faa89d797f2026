import { Lock } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { QuizOutline } from '#shared/schemas/outline';
import { formatDate } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';

/** A module or quiz of the outline as an enrolled student gets it (docs/product.md, Pacing). */
type Paced = { locked?: boolean | undefined; unlocksAt?: string | null | undefined; prerequisiteQuizId: string | null };

/**
 * The date in the page's language and the learner's own time zone once in their browser; the ISO day
 * while drawn on the server, which does not know their zone (a different text would not hydrate).
 */
function OpeningDate({ iso }: { iso: string }) {
  const [text, setText] = useState(iso.slice(0, 10));
  useEffect(() => setText(formatDate(iso, { dateStyle: 'medium' })), [iso]);
  return <time dateTime={iso}>{text}</time>;
}

const SLOT = '\u0000';
/**
 * A message drawn around an element of its own (the date, the quiz's link): the words stay one sentence
 * in each language, in the order it puts them. Learn's first load has no room for RichText.
 */
function Around({ message, part }: { message: (slot: string) => string; part: ReactNode }) {
  const [before, after] = message(SLOT).split(SLOT);
  return (
    <>
      {before}
      {part}
      {after}
    </>
  );
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
        {part.unlocksAt && quiz ? (
          <Around
            message={(slot) => t('learning.opensOnOrPass', { date: slot, quiz: quiz.title })}
            part={<OpeningDate iso={part.unlocksAt} />}
          />
        ) : part.unlocksAt ? (
          <Around message={(slot) => t('learning.opensOn', { date: slot })} part={<OpeningDate iso={part.unlocksAt} />} />
        ) : quiz ? (
          t('learning.passToOpen', { quiz: quiz.title })
        ) : null}
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
      <h2 className="text-xl font-semibold">{t('learning.notOpenYet')}</h2>
      {part.unlocksAt ? (
        <p>
          <Around message={(slot) => t('learning.opensOn', { date: slot })} part={<OpeningDate iso={part.unlocksAt} />} />
        </p>
      ) : null}
      {quiz ? (
        <p>
          <Around
            message={(slot) => t('learning.passToOpen', { quiz: slot })}
            part={
              <Link className="font-medium text-primary underline" to={paths.course.learnItem.getHref(courseId, quiz.id)}>
                {quiz.title}
              </Link>
            }
          />
        </p>
      ) : null}
    </div>
  );
}
