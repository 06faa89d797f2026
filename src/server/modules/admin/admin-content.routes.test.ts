import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, courses, reviewReports, reviews } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let admin: TestUser;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db.db, { role: 'admin' });
  creator = await createUser(t.db.db, { role: 'creator', name: 'Carla Creator' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const send = (method: Method, url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const auditOf = (targetId: string) =>
  t.db.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(adminAuditLog.createdAt);
const catalogueIds = async () => ((await send('GET', '/api/courses')).json() as { id: string }[]).map((course) => course.id);
const searchIds = async (q: string) =>
  ((await send('GET', `/api/courses/search?q=${encodeURIComponent(q)}`)).json().items as { id: string }[]).map(
    (course) => course.id,
  );

describe('courses', () => {
  it('lists every course in any state, newest first, searched by title and filtered by state', async () => {
    const tag = `Zebrafish${Date.now()}`;
    const published = await createCourse(t.db.db, creator.id, { title: `${tag} published`, priceCents: 1999 });
    const draft = await createCourse(t.db.db, creator.id, { title: `${tag} draft`, published: false });
    const archived = await createCourse(t.db.db, creator.id, { title: `${tag} archived`, archived: true });
    const all = (await send('GET', `/api/admin/courses?q=${tag.toLowerCase()}`, admin)).json();
    expect(all.items.map((course: { id: string }) => course.id)).toEqual([archived.id, draft.id, published.id]);
    expect(all.items[2]).toEqual({
      id: published.id,
      title: `${tag} published`,
      status: 'published',
      published: true,
      archived: false,
      price: '19.99',
      studentCount: 0,
      rating: null,
      ratingCount: 0,
      creator: { id: creator.id, name: 'Carla Creator', email: creator.email },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      moderation: null,
    });
    for (const [status, course] of [
      ['published', published],
      ['draft', draft],
      ['archived', archived],
    ] as const) {
      const page = (await send('GET', `/api/admin/courses?q=${tag}&status=${status}`, admin)).json();
      expect(
        page.items.map((row: { id: string }) => row.id),
        status,
      ).toEqual([course.id]);
    }
    const first = (await send('GET', `/api/admin/courses?q=${tag}&limit=2`, admin)).json();
    expect(first.items).toHaveLength(2);
    const second = (await send('GET', `/api/admin/courses?q=${tag}&limit=2&cursor=${first.nextCursor}`, admin)).json();
    expect(second).toEqual({ items: [expect.objectContaining({ id: published.id })], nextCursor: null });
  });

  it('unpublishes a course with a reason: it leaves the catalogue and search, and its creator reads why', async () => {
    const title = `Quetzalcoatlus${Date.now()} flight`;
    const course = await createCourse(t.db.db, creator.id, { title });
    await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
    const student = await createUser(t.db.db);
    await enroll(t.db.db, student.id, course.id);
    // Cached before the change, as a busy catalogue would be.
    expect(await catalogueIds()).toContain(course.id);
    expect(await searchIds(title)).toContain(course.id);
    expect((await send('GET', `/api/courses/${course.id}`)).statusCode).toBe(200);

    const reason = 'The course copies another creator’s slides.\nPlease replace modules 2 and 3 with your own material.';
    const unpublished = await send('POST', `/api/admin/courses/${course.id}/unpublish`, admin, { reason: `  ${reason}  ` });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(unpublished.json()).toMatchObject({
      id: course.id,
      status: 'draft',
      published: false,
      moderation: { reason, unpublishedAt: expect.any(String) },
    });

    expect(await catalogueIds()).not.toContain(course.id);
    expect(await searchIds(title)).not.toContain(course.id);
    expect((await send('GET', `/api/courses/${course.id}`)).statusCode).toBe(404);
    // Its enrolled student keeps it, as after a creator's own unpublish.
    expect((await send('GET', '/api/my-courses', student)).json().map((c: { id: string }) => c.id)).toContain(course.id);

    const mine = (await send('GET', '/api/creator/courses', creator)).json() as { id: string; moderation: unknown }[];
    expect(mine.find((row) => row.id === course.id)?.moderation).toEqual({ reason, unpublishedAt: expect.any(String) });
    // The reason is the creator's: the public course JSON does not carry it.
    expect((await send('GET', `/api/courses/${course.id}`, creator)).json()).not.toHaveProperty('moderation');

    const [entry] = await auditOf(course.id);
    expect(entry).toMatchObject({
      adminId: admin.id,
      action: 'course.unpublish',
      targetType: 'course',
      details: { title, creatorId: creator.id, reason },
    });

    const again = await send('POST', `/api/admin/courses/${course.id}/unpublish`, admin, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This course is not published');

    // Publishing again clears the reason, and the course is back on sale.
    const republished = await send('POST', `/api/courses/${course.id}/publish`, creator);
    expect(republished.statusCode, republished.body).toBe(200);
    const after = (await send('GET', '/api/creator/courses', creator)).json() as { id: string; moderation: unknown }[];
    expect(after.find((row) => row.id === course.id)?.moderation).toBeNull();
    expect(await catalogueIds()).toContain(course.id);
    expect(await auditOf(course.id)).toHaveLength(1);
  });

  it('needs a plain-text reason of 1 to 500 characters, and changes nothing without one', async () => {
    const course = await createCourse(t.db.db, creator.id);
    for (const payload of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'Bad\u0000byte' },
      { reason: 42 },
    ]) {
      const refused = await send('POST', `/api/admin/courses/${course.id}/unpublish`, admin, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(refused.json().errors ?? {})).toEqual(['reason']);
    }
    expect((await send('POST', `/api/admin/courses/${course.id}/unpublish`, admin, { reason: 'x'.repeat(500) })).statusCode).toBe(
      200,
    );
    const [row] = await t.db.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.moderationReason).toHaveLength(500);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      expect((await send('POST', `/api/admin/courses/${id}/unpublish`, admin, { reason: 'Why' })).statusCode).toBe(404);
    }
  });
});

/** A published course with `count` reviews, each reported by `reports[i]` people. */
async function reviewedCourse(reports: number[]) {
  const course = await createCourse(t.db.db, creator.id, { title: `Reviewed ${Date.now()}` });
  const made: { id: string; rating: number }[] = [];
  for (const [index, reportCount] of reports.entries()) {
    const author = await createUser(t.db.db, { name: `Reviewer ${index}` });
    await enroll(t.db.db, author.id, course.id);
    const rating = index % 2 === 0 ? 1 : 5;
    const [review] = await t.db.db
      .insert(reviews)
      .values({ courseId: course.id, userId: author.id, rating, body: `Review ${index}` })
      .returning();
    if (!review) throw new Error('no review');
    for (let i = 0; i < reportCount; i++) {
      const reporter = await createUser(t.db.db);
      await send('POST', `/api/reviews/${review.id}/report`, reporter);
    }
    made.push({ id: review.id, rating });
  }
  return { course, reviews: made };
}

describe('reported reviews', () => {
  it('lists the reported ones, most reported first, and hides and shows them again, with the rating following', async () => {
    const { course, reviews: made } = await reviewedCourse([2, 0, 3]);
    const [twice, unreported, thrice] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    const listed = (await send('GET', '/api/admin/reviews?limit=100', admin)).json();
    const ids = listed.items.map((review: { id: string }) => review.id);
    expect(ids).not.toContain(unreported.id);
    expect(ids.indexOf(thrice.id)).toBeLessThan(ids.indexOf(twice.id));
    expect(listed.items.find((review: { id: string }) => review.id === thrice.id)).toEqual({
      id: thrice.id,
      rating: 1,
      body: 'Review 2',
      reportCount: 3,
      hidden: false,
      hiddenAt: null,
      createdAt: expect.any(String),
      course: { id: course.id, title: course.title },
      user: { id: expect.any(String), name: 'Reviewer 2' },
    });
    expect((await send('GET', `/api/courses/${course.id}`)).json()).toMatchObject({ rating: 2.3, ratingCount: 3 });

    const hidden = await send('PUT', `/api/admin/reviews/${thrice.id}/hidden`, admin, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ id: thrice.id, hidden: true });
    const shown = (await send('GET', `/api/courses/${course.id}/reviews`)).json();
    expect(shown.items.map((review: { id: string }) => review.id)).not.toContain(thrice.id);
    expect((await send('GET', `/api/courses/${course.id}`)).json()).toMatchObject({ rating: 3, ratingCount: 2 });

    const hiddenList = (await send('GET', '/api/admin/reviews?state=hidden', admin)).json();
    expect(hiddenList.items.map((review: { id: string }) => review.id)).toContain(thrice.id);
    const visibleList = (await send('GET', '/api/admin/reviews?state=visible&limit=100', admin)).json();
    expect(visibleList.items.map((review: { id: string }) => review.id)).not.toContain(thrice.id);

    expect((await send('PUT', `/api/admin/reviews/${thrice.id}/hidden`, admin, { hidden: true })).statusCode).toBe(409);
    expect((await send('PUT', `/api/admin/reviews/${thrice.id}/hidden`, admin, { hidden: false })).statusCode).toBe(200);
    expect((await send('GET', `/api/courses/${course.id}`)).json()).toMatchObject({ ratingCount: 3 });
    expect((await auditOf(thrice.id)).map((row) => [row.action, row.details])).toEqual([
      ['review.hide', { courseId: course.id, reportCount: 3 }],
      ['review.unhide', { courseId: course.id, reportCount: 3 }],
    ]);
  });

  it('pages through reviews with equal report counts without skipping or repeating one', async () => {
    const { reviews: made } = await reviewedCourse([1, 1, 1, 1]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = (
        await send('GET', `/api/admin/reviews?limit=3${cursor ? `&cursor=${cursor}` : ''}`, admin)
      ).json();
      seen.push(...page.items.map((review) => review.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const review of made) expect(seen).toContain(review.id);
    expect(seen.length).toBe((await t.db.db.selectDistinct({ id: reviewReports.reviewId }).from(reviewReports)).length);
  });

  it('is the only way to hide a review: the course creator has none, and only admins use this one', async () => {
    const { reviews: made } = await reviewedCourse([1]);
    const [review] = made as [(typeof made)[0]];
    expect((await send('PUT', `/api/reviews/${review.id}/hidden`, creator, { hidden: true })).statusCode).toBe(404);
    const student = await createUser(t.db.db);
    expect((await send('PUT', `/api/admin/reviews/${review.id}/hidden`, student, { hidden: true })).statusCode).toBe(403);
    expect((await send('PUT', `/api/admin/reviews/${review.id}/hidden`, creator, { hidden: true })).statusCode).toBe(403);
    expect((await send('PUT', `/api/admin/reviews/${review.id}/hidden`, admin, {})).statusCode).toBe(400);
    expect(
      (await send('PUT', '/api/admin/reviews/00000000-0000-4000-8000-000000000000/hidden', admin, { hidden: true })).statusCode,
    ).toBe(404);
    const [row] = await t.db.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row?.hiddenAt).toBeNull();
  });
});
