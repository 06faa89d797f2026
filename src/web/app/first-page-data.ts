import { matchPath } from 'react-router';
import { getCoursesQueryOptions } from '#web/features/catalog/api/get-courses';
import {
  eligibilityQuery,
  learnCourseQuery,
  learnModulesQuery,
  learnQuizzesQuery,
  progressQuery,
} from '#web/features/learning/api/learning-queries';
import { getStoredToken } from '#web/lib/api-client';
import { getCourseQueryOptions } from '#web/lib/course-query';
import { paths } from '#web/lib/paths';
import { queryClient } from '#web/lib/query-client';

/**
 * Asks for the first page's data as the app starts, before React has rendered it: on a phone the
 * page's first render takes long enough that waiting for it to ask added a round trip's worth of
 * time to the first meaningful paint. The pages read the same queries, so nothing is fetched twice.
 */
export function prefetchFirstPageData(pathname: string) {
  // prefetchQuery never throws: a failure stays in the cache for the page to show (and retry).
  if (matchPath(paths.home.path, pathname)) {
    void queryClient.prefetchQuery(getCoursesQueryOptions());
    return;
  }
  const detail = matchPath(paths.course.detail.path, pathname);
  if (detail?.params.id) {
    void queryClient.prefetchQuery(getCourseQueryOptions(detail.params.id));
    return;
  }
  const learn = matchPath(paths.course.learn.path, pathname);
  // Learn needs a signed-in student; a guest is sent to the login page instead.
  if (learn?.params.id && getStoredToken()) {
    const id = learn.params.id;
    void queryClient.prefetchQuery(learnCourseQuery(id));
    void queryClient.prefetchQuery(learnModulesQuery(id));
    void queryClient.prefetchQuery(learnQuizzesQuery(id));
    void queryClient.prefetchQuery(progressQuery(id));
    void queryClient.prefetchQuery(eligibilityQuery(id));
  }
}
