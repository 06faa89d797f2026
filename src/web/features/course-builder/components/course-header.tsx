import { ExternalLink, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import type { Course } from '#shared/schemas/catalog';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { PublishButton } from './publish-button';

export function CourseHeader({ course }: { course: Course }) {
  return (
    <header className="mb-8 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0">
        <p className="text-sm font-medium text-muted-foreground">{t('courseBuilder.courseBuilder')}</p>
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{course.title}</h1>
        <div className="mt-2 flex flex-wrap gap-2">
          {course.published ? (
            <Badge variant="success">{t('courseBuilder.published')}</Badge>
          ) : (
            <Badge variant="secondary">{t('courseBuilder.draft')}</Badge>
          )}
          {course.archived ? <Badge variant="warning">{t('courseBuilder.archived')}</Badge> : null}
        </div>
      </div>
      <div className="flex w-full flex-wrap gap-2 sm:w-auto">
        <Button asChild variant="outline">
          {/* The preview opens in a new tab of the same origin, which reads the stored token. */}
          <a href={paths.course.preview.getHref(course.id)} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" />
            {t('courseBuilder.previewCourse')}
          </a>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.creator.editCourse.getHref(course.id)}>
            <Pencil aria-hidden="true" />
            {t('courseBuilder.editDetails')}
          </Link>
        </Button>
        <PublishButton course={course} />
      </div>
    </header>
  );
}
