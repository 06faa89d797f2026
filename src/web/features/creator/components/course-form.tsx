import { useQuery } from '@tanstack/react-query';
import { ImageOff, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { difficulties } from '#shared/lists';
import type { Course } from '#shared/schemas/catalog';
import type { CreateCourseBody, UpdateCourseBody } from '#shared/schemas/creator';
import { RegionError } from '#web/components/errors/region-error';
import { RichTextEditor } from '#web/components/rich-text/rich-text-editor';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Skeleton } from '#web/components/ui/skeleton';
import { UploadButton } from '#web/components/upload-button';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { apiJson, getErrorMessage, isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { courseQuery } from '../api/creator-queries';
import { toObjectPath } from '../api/thumbnail';
import { useRefreshCourse } from '../api/use-refresh';
import { CreatorPage, PageHeader } from './page-header';

type Values = {
  title: string;
  description: string;
  price: string;
  difficulty: string;
  duration: string;
  thumbnail: string | null;
};
const EMPTY: Values = { title: '', description: '', price: '', difficulty: 'Beginner', duration: '', thumbnail: null };

const isBlankHtml = (html: string) => html.replace(/<[^>]*>/g, '').trim() === '';

/** SPEC §5: the title always; a price that is a number of at least 0 when one is given. */
function checkCommon(values: Values): boolean {
  if (!values.title.trim()) {
    toast({ variant: 'destructive', title: 'Course title required', description: 'Please enter a title for your course' });
    return false;
  }
  if (values.price.trim() !== '' && !(Number(values.price) >= 0)) {
    toast({ variant: 'destructive', title: 'Invalid price', description: 'Please enter a valid price' });
    return false;
  }
  return true;
}

function CourseFields({
  values,
  onChange,
  busy,
}: {
  values: Values;
  onChange: (change: Partial<Values>) => void;
  busy: boolean;
}) {
  const descriptionId = useId();
  const [uploadingThumbnail, setUploadingThumbnail] = useState(false);
  return (
    <Card className="grid gap-6 p-5 sm:p-6">
      <FormField label="Course Title">
        {(control) => (
          <Input
            {...control}
            value={values.title}
            maxLength={200}
            placeholder="e.g. Neural Networks from Scratch"
            onChange={(event) => onChange({ title: event.target.value })}
          />
        )}
      </FormField>
      <div className="grid gap-2">
        <Label id={descriptionId}>Description</Label>
        <RichTextEditor
          labelledBy={descriptionId}
          value={values.description}
          onChange={(description) => onChange({ description })}
          placeholder="What will students learn?"
        />
      </div>
      <div className="grid items-start gap-6 sm:grid-cols-3">
        <FormField label="Price (USD)" hint="0 or empty makes the course free">
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="0.00"
              value={values.price}
              onChange={(event) => onChange({ price: event.target.value })}
            />
          )}
        </FormField>
        <FormField label="Difficulty">
          {(control) => (
            <select
              {...control}
              value={values.difficulty}
              onChange={(event) => onChange({ difficulty: event.target.value })}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {difficulties.map((level) => (
                <option key={level}>{level}</option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Course Length">
          {(control) => (
            <Input
              {...control}
              value={values.duration}
              maxLength={100}
              placeholder="e.g. 6 hours"
              onChange={(event) => onChange({ duration: event.target.value })}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-3">
        <span className="text-sm font-medium">Thumbnail</span>
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex aspect-video w-48 items-center justify-center overflow-hidden rounded-lg border bg-muted">
            {uploadingThumbnail ? (
              <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
            ) : values.thumbnail ? (
              <img src={values.thumbnail} alt="Course thumbnail" className="size-full object-cover" />
            ) : (
              <ImageOff className="size-6 text-muted-foreground" aria-label="No thumbnail yet" />
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <UploadButton
              disabled={busy}
              onComplete={async ({ uploadURL }) => {
                setUploadingThumbnail(true);
                try {
                  onChange({ thumbnail: await toObjectPath(uploadURL) });
                } finally {
                  setUploadingThumbnail(false);
                }
              }}
            >
              {values.thumbnail ? 'Replace Thumbnail' : 'Upload Thumbnail'}
            </UploadButton>
            {values.thumbnail ? (
              <Button type="button" variant="ghost" onClick={() => onChange({ thumbnail: null })} disabled={busy}>
                Remove
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </Card>
  );
}

function toBody(values: Values) {
  return {
    title: values.title.trim(),
    description: values.description,
    price: values.price.trim() === '' ? '0.00' : values.price.trim(),
    difficulty: values.difficulty as CreateCourseBody['difficulty'],
    duration: values.duration.trim() || null,
    thumbnail: values.thumbnail,
  };
}

export function CreateCourseForm() {
  useDocumentTitle('Create Course');
  const navigate = useNavigate();
  const refresh = useRefreshCourse();
  const [values, setValues] = useState<Values>(EMPTY);
  const [pending, setPending] = useState<'build' | 'draft' | null>(null);

  const submit = async (mode: 'build' | 'draft') => {
    if (!checkCommon(values)) return;
    if (mode === 'build' && (isBlankHtml(values.description) || values.price.trim() === '')) {
      toast({
        variant: 'destructive',
        title: 'Missing fields',
        description: 'Please fill in all required fields to start building',
      });
      return;
    }
    const body: CreateCourseBody = {
      ...toBody(values),
      description: isBlankHtml(values.description) ? 'Course description to be added' : values.description,
      published: false,
    };
    setPending(mode);
    try {
      const course = await apiJson<Course>('POST', '/api/courses', body);
      await refresh(course.id);
      if (mode === 'build') {
        toast({ variant: 'success', title: 'Course created!' });
        navigate(paths.creator.courseBuilder.getHref(course.id));
      } else {
        toast({ variant: 'success', title: 'Draft saved!' });
        navigate(paths.creator.dashboard.getHref());
      }
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to create course',
        description: getErrorMessage(error, 'Please try again.'),
      });
    } finally {
      setPending(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit('build');
  };

  return (
    <CreatorPage>
      <PageHeader
        backTo={paths.creator.dashboard.getHref()}
        title="Create Course"
        description="Describe your course; you add modules and quizzes next."
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <CourseFields
          values={values}
          onChange={(change) => setValues((current) => ({ ...current, ...change }))}
          busy={pending !== null}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="ghost">
            <Link to={paths.creator.dashboard.getHref()}>Cancel</Link>
          </Button>
          <Button type="button" variant="outline" disabled={pending !== null} onClick={() => void submit('draft')}>
            {pending === 'draft' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Save as Draft
          </Button>
          <Button type="submit" variant="gradient" disabled={pending !== null}>
            {pending === 'build' ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Create &amp; Build
          </Button>
        </div>
      </form>
    </CreatorPage>
  );
}

function EditForm({ course }: { course: Course }) {
  const navigate = useNavigate();
  const refresh = useRefreshCourse();
  const [values, setValues] = useState<Values>({
    title: course.title,
    description: course.description,
    price: course.price,
    difficulty: course.difficulty,
    duration: course.duration ?? '',
    thumbnail: course.thumbnail,
  });
  const [saving, setSaving] = useState(false);
  const builder = paths.creator.courseBuilder.getHref(course.id);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!checkCommon(values)) return;
    setSaving(true);
    try {
      const body: UpdateCourseBody = toBody(values);
      await apiJson<Course>('PATCH', `/api/courses/${encodeURIComponent(course.id)}`, body);
      await refresh(course.id);
      toast({ variant: 'success', title: 'Course updated!' });
      navigate(builder);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to update course',
        description: getErrorMessage(error, 'Please try again.'),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <CourseFields values={values} onChange={(change) => setValues((current) => ({ ...current, ...change }))} busy={saving} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="ghost">
          <Link to={builder}>Cancel</Link>
        </Button>
        <Button type="submit" variant="gradient" disabled={saving}>
          {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Save Changes
        </Button>
      </div>
    </form>
  );
}

export function EditCourseForm({ courseId }: { courseId: string }) {
  const course = useQuery(courseQuery(courseId));
  useDocumentTitle(course.data ? `Edit: ${course.data.title}` : 'Edit Course');
  return (
    <CreatorPage>
      <PageHeader backTo={paths.creator.courseBuilder.getHref(courseId)} backLabel="Back to Course Builder" title="Edit Course" />
      {course.isPending ? (
        <Skeleton className="h-96 rounded-xl" aria-label="Loading course" />
      ) : course.isError ? (
        <RegionError
          title={isApiError(course.error, 404) ? 'Course not found' : 'The course could not be loaded'}
          onRetry={() => void course.refetch()}
        />
      ) : (
        <EditForm course={course.data} />
      )}
    </CreatorPage>
  );
}
