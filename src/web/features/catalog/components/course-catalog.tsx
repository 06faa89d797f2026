import { ArrowRight, GraduationCap } from 'lucide-react';
import { type Ref, useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { type Difficulty, difficulties } from '#shared/difficulties';
import { RegionError } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useCourses } from '#web/lib/api/get-courses';
import { getErrorMessage } from '#web/lib/api-client';
import { difficultyLabel } from '#web/lib/i18n/difficulty';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { CourseCard, CourseCardSkeleton } from './course-card';

type CatalogTab = 'all' | Difficulty;

// The shared list is plain constants, so the home page does not load zod for it.
const levels = difficulties;

const tabs = (): { value: CatalogTab; label: string }[] => [
  { value: 'all', label: t('catalog.allCourses') },
  ...levels.map((d) => ({ value: d, label: difficultyLabel(d) })),
];

/** The most followed courses a tab shows; the rest are a "View all" away, on the search page. */
export const HOME_TAB_COURSES = 12;

interface CourseCatalogProps {
  /** Enrolled course id → progress percent, for the signed-in student. */
  progressByCourseId?: ReadonlyMap<string, number>;
  /** The section heading, so the page can move focus to it. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function CourseCatalog({ progressByCourseId, headingRef }: CourseCatalogProps) {
  const [tab, setTab] = useState<CatalogTab>('all');
  const catalogTabs = tabs();

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-14">
      <div className="mb-8 flex flex-col gap-2">
        <h2 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none sm:text-4xl">
          {t('catalog.popularHeading')}
        </h2>
        <p className="text-muted-foreground">{t('catalog.popularLead')}</p>
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value as CatalogTab)}>
        <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <TabsList aria-label={t('catalog.filterByDifficulty')}>
            {catalogTabs.map((catalogTab) => (
              <TabsTrigger key={catalogTab.value} value={catalogTab.value} className="px-2 text-[13px] sm:px-4 sm:text-sm">
                {catalogTab.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>

        {/* A panel's courses are fetched when it first opens: the page arrives drawn with All's. */}
        {catalogTabs.map((catalogTab) => (
          <TabsContent key={catalogTab.value} value={catalogTab.value} className="mt-6">
            <CatalogTabPanel
              difficulty={catalogTab.value === 'all' ? undefined : catalogTab.value}
              progressByCourseId={progressByCourseId}
            />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function CatalogTabPanel({
  difficulty,
  progressByCourseId,
}: {
  difficulty: Difficulty | undefined;
  progressByCourseId: ReadonlyMap<string, number> | undefined;
}) {
  const coursesQuery = useCourses({ difficulty, limit: HOME_TAB_COURSES });
  // The cards render in a transition, in slices a phone's main thread can answer between, not in the
  // one long task that delivers the data (TanStack Query's updates cannot be transitions themselves).
  const courses = useDeferredValue(coursesQuery.data);

  if (courses === undefined && !coursesQuery.isError) {
    return (
      <div>
        <p role="status" className="mb-4 text-sm text-muted-foreground">
          {t('catalog.loadingCourses')}
        </p>
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <CourseCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }
  if (courses === undefined) {
    return (
      <RegionError
        title={t('catalog.loadError')}
        description={getErrorMessage(coursesQuery.error, t('catalog.checkConnection'))}
        onRetry={() => coursesQuery.refetch()}
      />
    );
  }
  if (courses.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-16 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <GraduationCap className="size-7" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold">{t('catalog.noCoursesYet')}</p>
        <p className="text-sm text-muted-foreground">{t('catalog.checkBackSoon')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {courses.map((course, index) => (
          <li key={course.id} className="flex">
            <CourseCard course={course} progress={progressByCourseId?.get(course.id)} priority={index < 3} />
          </li>
        ))}
      </ul>
      <div className="mt-10 flex justify-center">
        <Button asChild variant="outline" size="lg" className="group/btn">
          <Link to={paths.search.getHref(difficulty ? new URLSearchParams({ difficulty }) : undefined)}>
            {difficulty ? t('catalog.viewAllLevel', { level: difficulty }) : t('catalog.viewAllCourses')}
            <ArrowRight
              className="transition-transform group-hover/btn:translate-x-0.5 rtl:-scale-x-100 rtl:group-hover/btn:-translate-x-0.5"
              aria-hidden="true"
            />
          </Link>
        </Button>
      </div>
    </>
  );
}
