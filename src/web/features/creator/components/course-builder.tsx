import { useQueries, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ExternalLink, FileQuestion, Layers, Pencil, Plus, Rocket } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import type { Course } from '#shared/schemas/catalog';
import { RegionError } from '#web/components/errors/region-error';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormField } from '#web/components/ui/form-field';
import { Input } from '#web/components/ui/input';
import { useDocumentTitle } from '#web/hooks/use-document-title';
import { toast } from '#web/hooks/use-toast';
import { apiJson, getErrorMessage, isApiError } from '#web/lib/api-client';
import { paths } from '#web/lib/paths';
import { courseModulesQuery, courseQuery, courseQuizzesQuery } from '../api/creator-queries';
import { useRefreshCourse } from '../api/use-refresh';
import { ConfirmDelete } from './confirm-delete';
import { MoveButtons } from './move-buttons';
import { CreatorPage, PageHeader } from './page-header';

type Kind = 'module' | 'quiz';
type Item = { kind: Kind; id: string; title: string; description: string | null; order: number; detail: string };
const LABEL = { module: 'Module', quiz: 'Quiz' } as const;
const API = { module: '/api/modules', quiz: '/api/quizzes' } as const;

function AddSectionForm({ kind, courseId, count }: { kind: Kind; courseId: string; count: number }) {
  const refresh = useRefreshCourse();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      toast({ variant: 'destructive', title: `${LABEL[kind]} title required` });
      return;
    }
    setSaving(true);
    try {
      await apiJson('POST', `/api/courses/${encodeURIComponent(courseId)}/${kind === 'module' ? 'modules' : 'quizzes'}`, {
        title: title.trim(),
        description: description.trim() || null,
        order: count,
      });
      toast({ variant: 'success', title: `${LABEL[kind]} added` });
      setTitle('');
      setDescription('');
      await refresh(courseId);
    } catch (error) {
      toast({ variant: 'destructive', title: `Failed to add ${kind}`, description: getErrorMessage(error, 'Please try again.') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card className="p-5">
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={`Add ${LABEL[kind]}`}>
        <h2 className="flex items-center gap-2 font-semibold">
          {kind === 'module' ? (
            <Layers className="size-4" aria-hidden="true" />
          ) : (
            <FileQuestion className="size-4" aria-hidden="true" />
          )}
          Add {LABEL[kind]}
        </h2>
        <FormField label={`${LABEL[kind]} Title`}>
          {(control) => <Input {...control} value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />}
        </FormField>
        <FormField label="Description (optional)">
          {(control) => (
            <textarea
              {...control}
              value={description}
              rows={2}
              maxLength={5000}
              onChange={(event) => setDescription(event.target.value)}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            />
          )}
        </FormField>
        <Button type="submit" disabled={saving} className="w-fit">
          <Plus aria-hidden="true" /> Add {LABEL[kind]}
        </Button>
      </form>
    </Card>
  );
}

function ContentList({ courseId, items }: { courseId: string; items: Item[] }) {
  const refresh = useRefreshCourse();
  const [busy, setBusy] = useState(false);
  const counters = { module: 0, quiz: 0 };

  const move = async (item: Item, direction: -1 | 1) => {
    const neighbour = items[items.indexOf(item) + direction];
    if (!neighbour) return;
    setBusy(true);
    try {
      // SPEC §4: the item takes its neighbour's order value; the server swaps the two.
      await apiJson('PATCH', `${API[item.kind]}/${encodeURIComponent(item.id)}`, { order: neighbour.order });
    } catch {
      // SPEC §8: reordering shows no error notice; the list below is simply fetched again.
    } finally {
      await refresh(courseId);
      setBusy(false);
    }
  };
  const remove = async (item: Item) => {
    setBusy(true);
    try {
      await apiJson('DELETE', `${API[item.kind]}/${encodeURIComponent(item.id)}`);
      toast({ variant: 'success', title: `${LABEL[item.kind]} deleted` });
      await refresh(courseId);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: `Failed to delete ${item.kind}`,
        description: getErrorMessage(error, 'Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed px-6 py-10 text-center text-muted-foreground">
        No modules or quizzes yet. Add the first one with the forms above.
      </p>
    );
  }
  return (
    <ol className="grid gap-3" aria-busy={busy || undefined}>
      {items.map((item, index) => {
        counters[item.kind] += 1;
        const label = `${LABEL[item.kind]} ${counters[item.kind]}`;
        return (
          <li
            key={`${item.kind}-${item.id}`}
            className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4 sm:flex-nowrap"
          >
            <div className="min-w-0 flex-1">
              <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
              <p className="font-semibold break-words">{item.title}</p>
              <p className="text-sm text-muted-foreground">{item.detail}</p>
            </div>
            <Button asChild variant="link" className="px-0 sm:px-2">
              <Link
                to={
                  item.kind === 'module'
                    ? paths.creator.moduleBuilder.getHref(item.id)
                    : paths.creator.quizBuilder.getHref(item.id)
                }
              >
                {item.kind === 'module' ? 'Add Content →' : 'Build Quiz →'}
              </Link>
            </Button>
            <div className="flex items-center">
              <MoveButtons
                name={item.title}
                isFirst={index === 0}
                isLast={index === items.length - 1}
                onMove={(direction) => void move(item, direction)}
                disabled={busy}
              />
              <ConfirmDelete what={item.kind} name={item.title} onConfirm={() => void remove(item)} disabled={busy} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}

function PublishButton({ course }: { course: Course }) {
  const refresh = useRefreshCourse();
  const [publishing, setPublishing] = useState(false);
  if (course.published) {
    return (
      <Button disabled variant="outline">
        <CheckCircle2 aria-hidden="true" /> Published
      </Button>
    );
  }
  const publish = async () => {
    setPublishing(true);
    try {
      await apiJson('POST', `/api/courses/${encodeURIComponent(course.id)}/publish`, {});
      toast({ variant: 'success', title: 'Course published!', description: 'Your course is now live in the marketplace.' });
      await refresh(course.id);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to publish course',
        description: getErrorMessage(error, 'Please try again.'),
      });
    } finally {
      setPublishing(false);
    }
  };
  return (
    <Button variant="gradient" onClick={() => void publish()} disabled={publishing}>
      <Rocket aria-hidden="true" /> Publish Course
    </Button>
  );
}

export function CourseBuilder({ courseId }: { courseId: string }) {
  const course = useQuery(courseQuery(courseId));
  const [modules, quizzes] = useQueries({ queries: [courseModulesQuery(courseId), courseQuizzesQuery(courseId)] });
  useDocumentTitle(course.data ? `Build: ${course.data.title}` : 'Course Builder');
  const dashboard = paths.creator.dashboard.getHref();

  if (course.isPending) {
    return (
      <CreatorPage>
        <p role="status" className="py-20 text-center text-muted-foreground">
          Loading course...
        </p>
      </CreatorPage>
    );
  }
  if (course.isError) {
    return (
      <CreatorPage>
        <PageHeader backTo={dashboard} title="Course Builder" />
        <RegionError
          title={isApiError(course.error, 404) ? 'Course not found' : 'The course could not be loaded'}
          onRetry={() => void course.refetch()}
        />
      </CreatorPage>
    );
  }
  const items: Item[] = [
    ...(modules.data ?? []).map((m) => ({
      kind: 'module' as const,
      ...m,
      detail: `${m.lessons.length} ${m.lessons.length === 1 ? 'slide' : 'slides'}`,
    })),
    ...(quizzes.data ?? []).map((q) => ({
      kind: 'quiz' as const,
      ...q,
      detail: `${q.questionCount} ${q.questionCount === 1 ? 'question' : 'questions'}`,
    })),
  ].sort((a, b) => a.order - b.order);

  return (
    <CreatorPage>
      <PageHeader
        backTo={dashboard}
        title={course.data.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {course.data.published ? <Badge variant="success">Published</Badge> : <Badge variant="secondary">Draft</Badge>}
            {course.data.archived ? <Badge variant="warning">Archived</Badge> : null}
            Course Builder
          </span>
        }
        actions={
          <>
            <Button asChild variant="outline">
              <a href={paths.course.preview.getHref(courseId)} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden="true" /> Preview Course
              </a>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.creator.editCourse.getHref(courseId)}>
                <Pencil aria-hidden="true" /> Edit Details
              </Link>
            </Button>
            <PublishButton course={course.data} />
          </>
        }
      />
      <div className="mb-8 grid gap-4 md:grid-cols-2">
        <AddSectionForm kind="module" courseId={courseId} count={items.length} />
        <AddSectionForm kind="quiz" courseId={courseId} count={items.length} />
      </div>
      <section aria-labelledby="content-title">
        <h2 id="content-title" className="mb-4 text-xl font-semibold">
          Course Content
        </h2>
        {modules.isError || quizzes.isError ? (
          <RegionError
            title="Failed to load course content"
            onRetry={() => {
              void modules.refetch();
              void quizzes.refetch();
            }}
          />
        ) : modules.isPending || quizzes.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading course...
          </p>
        ) : (
          <ContentList courseId={courseId} items={items} />
        )}
      </section>
      <div className="mt-10">
        <Button asChild variant="outline">
          <Link to={dashboard}>Back to Dashboard</Link>
        </Button>
      </div>
    </CreatorPage>
  );
}
