import { SearchX } from 'lucide-react';
import { RegionError } from '#web/components/errors/region-error';
import { isApiError } from '#web/lib/api-client';
import { t } from '#web/lib/i18n/t';
import { BackToDashboard } from './creator-page';

/** 403 and 404 mean the same to the creator: not one of theirs, so no retry is offered. */
export function isCourseMissing(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 403);
}

/** The whole page when the course is not the creator's: one heading, one way back. */
export function CourseNotFound() {
  return (
    <div className="grid gap-6">
      <BackToDashboard />
      <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl border border-dashed px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <SearchX className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-semibold">{t('creator.courseNotFound')}</h1>
        <p className="max-w-md text-sm text-muted-foreground">{t('creator.courseNotFoundDescription')}</p>
      </div>
    </div>
  );
}

export function CourseLoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return <RegionError title={title} description={t('creator.checkConnection')} onRetry={onRetry} />;
}
