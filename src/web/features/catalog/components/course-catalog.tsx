import { GraduationCap, SearchX, X } from 'lucide-react';
import { type Ref, useDeferredValue, useMemo, useState } from 'react';
import { type Difficulty, difficulties } from '#shared/lists';
import { RegionError } from '#web/components/errors/region-error';
import { Button } from '#web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useCourses } from '#web/lib/api/get-courses';
import { getErrorMessage } from '#web/lib/api-client';
import { CourseCard, CourseCardSkeleton } from './course-card';

type CatalogTab = 'all' | Difficulty;

// The shared list is plain constants, so the home page does not load zod for it.
const levels = difficulties;

const tabs: { value: CatalogTab; label: string }[] = [
  { value: 'all', label: 'All Courses' },
  ...levels.map((d) => ({ value: d, label: d })),
];

interface CourseCatalogProps {
  /** Enrolled course id → progress percent, for the signed-in student. */
  progressByCourseId?: ReadonlyMap<string, number>;
  /** Title filter from the search box (`?q=`). */
  searchQuery?: string;
  onClearSearch?: () => void;
  /** The section heading, so the page can move focus to it. */
  headingRef?: Ref<HTMLHeadingElement>;
}

export function CourseCatalog({ progressByCourseId, searchQuery = '', onClearSearch, headingRef }: CourseCatalogProps) {
  const [tab, setTab] = useState<CatalogTab>('all');
  const coursesQuery = useCourses();
  // The cards render in a transition, in slices a phone's main thread can answer between, not in the
  // one long task that delivers the data (TanStack Query's updates cannot be transitions themselves).
  const courses = useDeferredValue(coursesQuery.data);

  const searched = useMemo(() => {
    const needle = searchQuery.trim().toLowerCase();
    const all = courses ?? [];
    return needle ? all.filter((c) => c.title.toLowerCase().includes(needle)) : all;
  }, [courses, searchQuery]);

  const viewAll = () => {
    setTab('all');
    onClearSearch?.();
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-14">
      <div className="mb-8 flex flex-col gap-2">
        <h2 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none sm:text-4xl">
          Popular AI Courses
        </h2>
        <p className="text-muted-foreground">
          From your first neural network to shipping models: pick a level and start learning.
        </p>
      </div>

      {searchQuery ? (
        <div className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border bg-card px-4 py-3 text-sm">
          <span>
            Results for <strong>“{searchQuery}”</strong>
            {courses ? (
              <span className="text-muted-foreground">
                {' '}
                · {searched.length} {searched.length === 1 ? 'course' : 'courses'}
              </span>
            ) : null}
          </span>
          <Button variant="ghost" size="sm" className="ml-auto" onClick={onClearSearch}>
            <X aria-hidden="true" />
            Clear search
          </Button>
        </div>
      ) : null}

      <Tabs value={tab} onValueChange={(value) => setTab(value as CatalogTab)}>
        <div className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <TabsList aria-label="Filter courses by difficulty">
            {tabs.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="px-2 text-[13px] sm:px-4 sm:text-sm">
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>

        {tabs.map((t) => {
          const visible = t.value === 'all' ? searched : searched.filter((c) => (c.difficulty ?? 'Beginner') === t.value);
          return (
            <TabsContent key={t.value} value={t.value} className="mt-6">
              {courses === undefined && !coursesQuery.isError ? (
                <div>
                  <p role="status" className="mb-4 text-sm text-muted-foreground">
                    Loading courses...
                  </p>
                  <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                    {[0, 1, 2].map((i) => (
                      <CourseCardSkeleton key={i} />
                    ))}
                  </div>
                </div>
              ) : courses === undefined ? (
                <RegionError
                  title="Couldn't load courses"
                  description={getErrorMessage(coursesQuery.error, 'Please check your connection and try again.')}
                  onRetry={() => coursesQuery.refetch()}
                />
              ) : visible.length === 0 ? (
                searchQuery && courses.length > 0 ? (
                  <EmptyState
                    icon="search"
                    title={`No courses match “${searchQuery}”`}
                    description="Try another word, or browse all courses."
                  />
                ) : (
                  <EmptyState title="No courses available yet" description="Check back soon for new courses!" />
                )
              ) : (
                <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                  {visible.map((course, index) => (
                    <li key={course.id} className="flex">
                      <CourseCard course={course} progress={progressByCourseId?.get(course.id)} priority={index < 3} />
                    </li>
                  ))}
                </ul>
              )}
            </TabsContent>
          );
        })}
      </Tabs>

      {courses !== undefined && courses.length > 0 ? (
        <div className="mt-12 flex justify-center">
          <Button variant="outline" size="lg" onClick={viewAll}>
            View All Courses
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function EmptyState({ title, description, icon }: { title: string; description: string; icon?: 'search' }) {
  const Icon = icon === 'search' ? SearchX : GraduationCap;
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <p className="text-lg font-semibold">{title}</p>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
}
