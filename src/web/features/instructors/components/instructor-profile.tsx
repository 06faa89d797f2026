import { BookOpen, Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Instructor } from '#shared/schemas/instructors';
import { formatCount, formatRating } from '#web/lib/i18n/format';
import { t } from '#web/lib/i18n/t';

/** Up to two initials, for a creator without an avatar. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');

export function InstructorAvatar({
  instructor,
  className = 'size-28',
}: {
  instructor: Pick<Instructor, 'name' | 'avatar'>;
  className?: string;
}) {
  return instructor.avatar ? (
    <img src={instructor.avatar} alt="" className={`${className} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-3xl font-bold text-white`}
    >
      {initialsOf(instructor.name)}
    </span>
  );
}

/** A creator's public page (issue 23 §3): who they are, what they teach and how students rate it; the courses come from the route. */
export function InstructorProfile({ instructor, courses }: { instructor: Instructor; courses: ReactNode }) {
  const rating = formatRating(instructor.rating);
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:px-8">
      <header className="flex flex-col gap-6 sm:flex-row sm:items-center">
        <InstructorAvatar instructor={instructor} />
        <div className="grid min-w-0 gap-2">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('instructors.instructor')}</p>
          <h1 className="text-3xl font-extrabold tracking-tight break-words sm:text-4xl">{instructor.name}</h1>
          {instructor.headline ? <p className="text-lg text-muted-foreground break-words">{instructor.headline}</p> : null}
        </div>
      </header>
      <ul className="grid gap-3 sm:grid-cols-3" aria-label={t('instructors.atAGlance')}>
        <Stat
          icon={<BookOpen aria-hidden="true" />}
          label={t('instructors.courses')}
          value={formatCount(instructor.courses.length)}
        />
        <Stat
          icon={<Users aria-hidden="true" />}
          label={t('instructors.students')}
          value={formatCount(instructor.studentCount)}
        />
        <Stat
          icon={<Star aria-hidden="true" />}
          label={t('instructors.rating')}
          value={
            rating
              ? t('instructors.ratingValue', {
                  rating,
                  count: instructor.ratingCount,
                  formatted: formatCount(instructor.ratingCount),
                })
              : t('instructors.noRatings')
          }
        />
      </ul>
      {instructor.bio ? (
        <section aria-labelledby="instructor-about" className="grid gap-3">
          <h2 id="instructor-about" className="text-2xl font-bold tracking-tight">
            {t('instructors.about', { name: instructor.name })}
          </h2>
          <p className="max-w-3xl break-words whitespace-pre-line text-foreground/90">{instructor.bio}</p>
        </section>
      ) : null}
      <section aria-labelledby="instructor-courses" className="grid gap-4">
        <h2 id="instructor-courses" className="text-2xl font-bold tracking-tight">
          {t('instructors.coursesBy', { name: instructor.name })}
        </h2>
        {instructor.courses.length === 0 ? <p className="text-muted-foreground">{t('instructors.noCoursesOnSale')}</p> : courses}
      </section>
    </div>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border bg-card p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-5">
        {icon}
      </span>
      <span className="grid min-w-0">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="font-semibold">{value}</span>
      </span>
    </li>
  );
}
