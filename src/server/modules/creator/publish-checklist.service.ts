import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courses } from '#db/schema/index';
import { centsToPrice, formatPrice } from '#shared/format';
import type { PublishChecklist, PublishChecklistItem } from '#shared/schemas/creator';
import { sqlRows } from '../../lib/sql-rows';

/**
 * What the create form saves for a course without a description (docs/product.md, Publishing and the studio):
 * no description to a learner.
 */
const DESCRIPTION_PLACEHOLDER = 'Course description to be added';

function isBlankDescription(html: string): boolean {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .trim();
  return text === '' || text === DESCRIPTION_PLACEHOLDER;
}

/**
 * What the builder shows before the creator confirms a publish. Content is never required: publishing
 * makes any own course that is not archived published (docs/product.md, "Publishing and the studio"),
 * so a missing description, thumbnail, slide or question is listed as recommended, and learners see
 * the empty messages (an empty module or quiz counts for nothing in progress, lib/progress.ts). The one
 * required item that can fail is an archived course, which publishing refuses until it is restored.
 */
export async function getPublishChecklist({ db, courseId }: { db: Db; courseId: string }): Promise<PublishChecklist> {
  const [[course], parts] = await Promise.all([
    db
      .select({
        title: courses.title,
        description: courses.description,
        thumbnail: courses.thumbnail,
        priceCents: courses.priceCents,
        archived: courses.archived,
      })
      .from(courses)
      .where(eq(courses.id, courseId)),
    sqlRows<{ kind: 'module' | 'quiz'; id: string; title: string; filled: boolean }>(
      db,
      sql`
      select 'module' as "kind", m.id, m.title, exists (select 1 from lessons l where l.module_id = m.id) as "filled"
        from course_modules m where m.course_id = ${courseId}
      union all
      select 'quiz', q.id, q.title, exists (select 1 from quiz_questions qq where qq.quiz_id = q.id)
        from quizzes q where q.course_id = ${courseId}
      order by 1, 3
    `,
    ),
  ]);
  if (!course) throw new Error('course vanished while being checked');
  const filledModules = parts.filter((part) => part.kind === 'module' && part.filled).length;
  const items: PublishChecklistItem[] = [
    ...(course.archived
      ? [
          {
            key: 'archived',
            label: 'Not archived',
            ok: false,
            required: true,
            detail: 'Restore the course from your dashboard before publishing it',
          },
        ]
      : []),
    {
      key: 'title',
      label: 'Title',
      ok: course.title.trim() !== '',
      required: true,
      detail: course.title.trim() === '' ? 'Give the course a title' : course.title,
    },
    {
      key: 'description',
      label: 'Description',
      ok: !isBlankDescription(course.description),
      required: false,
      detail: isBlankDescription(course.description) ? 'Describe what students will learn (Edit Details)' : 'Written',
    },
    {
      key: 'thumbnail',
      label: 'Thumbnail',
      ok: course.thumbnail !== null,
      required: false,
      detail: course.thumbnail === null ? 'Upload a thumbnail image (Edit Details)' : 'Uploaded',
    },
    {
      key: 'content',
      label: 'At least one module with slides',
      ok: filledModules > 0,
      required: false,
      detail:
        filledModules > 0
          ? `${filledModules} module${filledModules === 1 ? '' : 's'} with slides`
          : 'Add a module and at least one slide to it',
    },
    ...parts
      .filter((part) => !part.filled)
      .map((part) => ({
        key: `${part.kind}:${part.id}`,
        label: part.kind === 'module' ? `Module “${part.title}” has slides` : `Quiz “${part.title}” has questions`,
        ok: false,
        required: false,
        detail:
          part.kind === 'module' ? `Add a slide to the module “${part.title}”` : `Add a question to the quiz “${part.title}”`,
      })),
    {
      key: 'price',
      label: 'Price',
      // Always stored (an empty price is free), so shown for the creator to confirm rather than checked.
      ok: true,
      required: true,
      detail: formatPrice(centsToPrice(course.priceCents)),
    },
  ];
  return { courseId, canPublish: items.every((item) => item.ok || !item.required), items };
}
