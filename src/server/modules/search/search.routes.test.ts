import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseModules, courses, lessons, users } from '#db/schema/index';
import { bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
/** The same database behind a server that counts at most 3 courses: many matches, as in a large catalogue. */
let bounded: TestApp;
let creator: TestUser;
const COUNT_LIMIT = 3;

beforeAll(async () => {
  t = await createTestApp();
  bounded = await createTestApp({ db: t.db, config: { searchCountLimit: COUNT_LIMIT } });
  creator = await createUser(t.db.db, { role: 'creator', name: 'Ada Search' });
});
afterAll(async () => {
  await bounded.close();
  await t.close();
});

type Found = {
  items: { id: string; title: string; price: string; studentCount: number; language: string }[];
  nextCursor: string | null;
  total: number;
  facets: { difficulty: Record<string, number>; price: { free: number; paid: number }; language: Record<string, number> };
  exact: boolean;
};

const search = async (params: Record<string, string>, user?: TestUser, server = t) => {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/courses/search?${new URLSearchParams(params)}`,
    headers: user ? bearer(user) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Found;
};

/**
 * A made-up word no other test's course has, so each test searches only its own courses: 12 letters
 * of the whole alphabet, so that when the words find nothing, the typo search (title trigrams) does not
 * find another test's word either (words of a–f only shared enough trigrams to match).
 */
const word = () => `zq${Array.from(randomBytes(12), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

const course = (overrides: Parameters<typeof createCourse>[2]) => createCourse(t.db.db, creator.id, overrides);

describe('course search', () => {
  it('puts a title match above a description match, and finds module and slide titles and the instructor', async () => {
    const term = word();
    const inDescription = await course({ title: 'Statistics refresher', description: `<p>Uses ${term} throughout.</p>` });
    const inTitle = await course({ title: `Practical ${term} for vision` });
    const inSlides = await course({ title: 'Deployment basics' });
    const [module] = await t.db.db.insert(courseModules).values({ courseId: inSlides.id, title: 'Serving' }).returning();
    await t.db.db.insert(lessons).values({ moduleId: module?.id ?? '', title: `Scaling ${term} replicas`, type: 'text' });

    const found = await search({ q: term });
    expect(found.items.map((item) => item.id)).toEqual([inTitle.id, inSlides.id, inDescription.id]);
    expect(found.total).toBe(3);

    // Renaming the module's slide is searched at once (a trigger keeps the document).
    await t.db.db
      .update(lessons)
      .set({ title: 'Scaling replicas' })
      .where(eq(lessons.moduleId, module?.id ?? ''));
    expect((await search({ q: term })).items.map((item) => item.id)).toEqual([inTitle.id, inDescription.id]);

    const teacherWord = word();
    const teacher = await createUser(t.db.db, { role: 'creator', name: 'Grace Hopper' });
    const taught = await createCourse(t.db.db, teacher.id, { title: 'Compilers for models' });
    await t.db.db
      .update(users)
      .set({ name: `Grace ${teacherWord}` })
      .where(eq(users.id, teacher.id));
    expect((await search({ q: teacherWord })).items.map((item) => item.id)).toEqual([taught.id]);
  });

  it('still finds a title with a typo, and by the first letters of its words', async () => {
    const term = word();
    const tokenizers = await course({ title: `Tokenization with ${term}` });
    expect((await search({ q: `Tokenizaton ${term}` })).items.map((item) => item.id)).toContain(tokenizers.id);
    expect((await search({ q: `tokeniz ${term.slice(0, 5)}` })).items.map((item) => item.id)).toContain(tokenizers.id);
  });

  it('finds words joined by hyphens and dots as they are written in the title (GPT-4, 3.5, numbered runs)', async () => {
    const term = word();
    const joined = await course({ title: `Fine-tuning GPT-4 and Claude 3.5 with ${term} 7-1795900804364` });
    for (const q of [
      `GPT-4 ${term}`,
      `gpt-4 ${term}`,
      `3.5 ${term}`,
      `fine-tuning ${term}`,
      `${term} 7-1795900804364`,
      `${term}-`,
    ]) {
      expect(
        (await search({ q })).items.map((item) => item.id),
        q,
      ).toEqual([joined.id]);
    }
  });

  it('combines filters and orders, counts each filter value with the others kept, and never shows drafts', async () => {
    const term = word();
    const beginnerFree = await course({ title: `${term} one`, difficulty: 'Beginner', priceCents: 0, duration: '45 min' });
    const beginnerCheap = await course({ title: `${term} two`, difficulty: 'Beginner', priceCents: 1000, duration: '3h 30m' });
    const beginnerDear = await course({ title: `${term} three`, difficulty: 'Beginner', priceCents: 5000, duration: '12 hours' });
    const advanced = await course({ title: `${term} four`, difficulty: 'Advanced', priceCents: 2000, duration: '6 weeks' });
    await course({ title: `${term} draft`, difficulty: 'Beginner', priceCents: 1000, published: false });
    await course({ title: `${term} archived`, difficulty: 'Beginner', priceCents: 1000, archived: true });
    await t.db.db.update(courses).set({ ratingAverage: 4.6, ratingCount: 3 }).where(eq(courses.id, beginnerDear.id));
    await t.db.db.update(courses).set({ ratingAverage: 3.2, ratingCount: 9 }).where(eq(courses.id, beginnerCheap.id));

    const ids = (found: Found) => found.items.map((item) => item.id);
    const paidBeginners = await search({ q: term, difficulty: 'Beginner', price: 'paid', sort: 'price_desc' });
    expect(ids(paidBeginners)).toEqual([beginnerDear.id, beginnerCheap.id]);
    expect(paidBeginners.total).toBe(2);
    expect(paidBeginners.facets).toEqual({
      difficulty: { Beginner: 2, Intermediate: 0, Advanced: 1 },
      price: { free: 1, paid: 2 },
      language: { en: 2 },
    });
    expect(ids(await search({ q: term, sort: 'price_asc' }))).toEqual([
      beginnerFree.id,
      beginnerCheap.id,
      advanced.id,
      beginnerDear.id,
    ]);
    expect(ids(await search({ q: term, minPrice: '10', maxPrice: '20.00', sort: 'price_asc' }))).toEqual([
      beginnerCheap.id,
      advanced.id,
    ]);
    // Rated courses first, best first; the unrated after them.
    expect(ids(await search({ q: term, sort: 'rating' })).slice(0, 2)).toEqual([beginnerDear.id, beginnerCheap.id]);
    expect(ids(await search({ q: term, minRating: '4' }))).toEqual([beginnerDear.id]);
    expect(ids(await search({ q: term, duration: 'short' }))).toEqual([beginnerFree.id]);
    expect(ids(await search({ q: term, duration: 'medium', sort: 'price_asc' }))).toEqual([beginnerCheap.id]);
    expect(ids(await search({ q: term, duration: 'long', sort: 'price_asc' }))).toEqual([advanced.id, beginnerDear.id]);
    expect(ids(await search({ q: term, difficulty: 'Intermediate' }))).toEqual([]);

    // Without words: the whole catalogue, filtered the same way.
    const everyFreeBeginner = await search({ difficulty: 'Beginner', price: 'free', limit: '100' });
    expect(ids(everyFreeBeginner)).toContain(beginnerFree.id);
    expect(ids(everyFreeBeginner)).not.toContain(beginnerCheap.id);
  });

  it('filters by the language a course is taught in and counts each language with the other filters kept', async () => {
    const term = word();
    const english = await course({ title: `${term} one`, difficulty: 'Beginner' });
    const spanish = await course({ title: `${term} two`, language: 'es', difficulty: 'Beginner' });
    const spanishAdvanced = await course({ title: `${term} three`, language: 'es', difficulty: 'Advanced', priceCents: 900 });
    const brazilian = await course({ title: `${term} four`, language: 'pt-BR', difficulty: 'Beginner' });
    await course({ title: `${term} draft`, language: 'de', published: false });
    const ids = (found: Found) => found.items.map((item) => item.id).sort();

    const all = await search({ q: term });
    expect(all.facets.language).toEqual({ en: 1, es: 2, 'pt-BR': 1 });
    expect(all.items.find((item) => item.id === brazilian.id)).toMatchObject({ language: 'pt-BR' });

    const spanishOnly = await search({ q: term, language: 'es' });
    expect(ids(spanishOnly)).toEqual([spanish.id, spanishAdvanced.id].sort());
    expect(spanishOnly.total).toBe(2);
    // The language's own counts keep every other filter but itself; the others keep the language.
    expect(spanishOnly.facets).toEqual({
      difficulty: { Beginner: 1, Intermediate: 0, Advanced: 1 },
      price: { free: 1, paid: 1 },
      language: { en: 1, es: 2, 'pt-BR': 1 },
    });
    expect((await search({ q: term, difficulty: 'Beginner' })).facets.language).toEqual({ en: 1, es: 1, 'pt-BR': 1 });
    expect((await search({ q: term, price: 'paid' })).facets.language).toEqual({ es: 1 });

    // A tag is matched in its canonical case; one nobody teaches in finds nothing.
    expect(ids(await search({ q: term, language: 'pt-br' }))).toEqual([brazilian.id]);
    expect(ids(await search({ q: term, language: 'EN' }))).toEqual([english.id]);
    expect((await search({ q: term, language: 'fr' })).total).toBe(0);
    expect((await search({ q: term, language: 'de' })).total).toBe(0);
  });

  it('answers the same to a guest, a student and a creator', async () => {
    const term = word();
    await course({ title: `${term} for everyone` });
    const student = await createUser(t.db.db);
    const asGuest = await search({ q: term });
    expect(asGuest.total).toBe(1);
    expect(await search({ q: term }, student)).toEqual(asGuest);
    expect(await search({ q: term }, creator)).toEqual(asGuest);
  });

  it('answers again from the database after a course, its outline or its count changes (a kept answer never goes stale)', async () => {
    const term = word();
    const kept = await course({ title: `${term} kept`, description: '<p>First words.</p>' });
    const first = await search({ q: term });
    expect(first.items).toMatchObject([{ id: kept.id, title: `${term} kept` }]);
    expect(await search({ q: term })).toEqual(first);

    await t.db.db
      .update(courses)
      .set({ title: `${term} renamed` })
      .where(eq(courses.id, kept.id));
    expect((await search({ q: term })).items).toMatchObject([{ title: `${term} renamed` }]);

    const student = await createUser(t.db.db);
    await enroll(t.db.db, student.id, kept.id);
    expect((await search({ q: term })).items).toMatchObject([{ studentCount: 1 }]);

    const moduleWord = word();
    expect((await search({ q: moduleWord })).total).toBe(0);
    await t.db.db.insert(courseModules).values({ courseId: kept.id, title: `About ${moduleWord}` });
    expect((await search({ q: moduleWord })).items).toMatchObject([{ id: kept.id }]);

    await t.db.db.update(courses).set({ published: false }).where(eq(courses.id, kept.id));
    expect((await search({ q: term })).total).toBe(0);
  });

  it('pages by cursor without repeating or skipping a course while courses are added, counting all or some', async () => {
    for (const server of [t, bounded]) await pageThroughEveryOrder(server);
  });

  it('past the count limit, says its counts are lower bounds and still ranks title, then outline, then description', async () => {
    const term = word();
    const description = (popularity: number) =>
      course({ title: `Statistics ${popularity}`, description: `<p>About ${term}.</p>`, studentCount: popularity });
    const inSlides = async (popularity: number) => {
      const created = await course({ title: `Deployment ${popularity}`, studentCount: popularity });
      const [module] = await t.db.db
        .insert(courseModules)
        .values({ courseId: created.id, title: `${term} module` })
        .returning();
      expect(module).toBeDefined();
      return created;
    };
    // The least popular title match still comes before the most popular slide match.
    const expected = [
      await course({ title: `${term} most followed`, studentCount: 5 }),
      await course({ title: `${term} least followed`, studentCount: 0 }),
      await inSlides(50),
      await inSlides(7),
      await description(90),
      await description(1),
    ].map((created) => created.id);

    const all = await search({ q: term, limit: '100' });
    expect(all.items.map((item) => item.id)).toEqual(expected);
    expect([all.total, all.exact]).toEqual([6, true]);

    const first = await search({ q: term }, undefined, bounded);
    expect(first.items.map((item) => item.id)).toEqual(expected);
    expect(first.exact).toBe(false);
    expect(first.total).toBeLessThanOrEqual(COUNT_LIMIT + 1);
    expect(first.facets.difficulty.Beginner).toBeGreaterThan(0);

    // Page by page across the tiers, each page read along the index.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Found = await search({ q: term, limit: '2', ...(cursor ? { cursor } : {}) }, undefined, bounded);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
  });
});

/** Six orders paged by 4 while others publish: no course twice, none skipped. */
async function pageThroughEveryOrder(server: TestApp) {
  const term = word();
  const originals: string[] = [];
  for (let i = 0; i < 14; i++) {
    const created = await course({ title: `${term} part ${i}`, priceCents: (i % 5) * 500, studentCount: i % 3 });
    originals.push(created.id);
  }
  for (const sort of ['relevance', 'newest', 'price_asc', 'price_desc', 'popular', 'rating']) {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Found = await search({ q: term, sort, limit: '4', ...(cursor ? { cursor } : {}) }, undefined, server);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      // Others keep publishing while this reader pages: before, after and among what was read.
      await course({ title: `${term} added ${sort} ${pages}`, priceCents: pages * 700, studentCount: pages });
      pages++;
    } while (cursor && pages < 20);
    expect(new Set(seen).size, `${sort}: a course came twice`).toBe(seen.length);
    for (const id of originals) expect(seen, `${sort}: a course was skipped`).toContain(id);
  }
}

describe('course search input', () => {
  it('refuses what it cannot read with a 400 and a message, and reads query syntax as words', async () => {
    const term = word();
    await course({ title: `${term} syntax` });
    const bad = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/courses/search?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(typeof response.json().message, query).toBe('string');
    };
    const otherOrder = (await search({ q: term, sort: 'newest', limit: '1' })).nextCursor;
    await bad('cursor=garbage');
    await bad(
      `cursor=${Buffer.from(JSON.stringify({ sort: 'newest', keys: ["1' OR 1=1"], id: randomUUID() })).toString('base64url')}`,
    );
    await bad(`sort=price_asc&cursor=${otherOrder}`);
    await bad('difficulty=Expert');
    await bad('price=cheap');
    await bad('minPrice=20&maxPrice=10');
    await bad('minPrice=-1');
    await bad('minRating=6');
    await bad('limit=101');
    await bad('limit=0');
    await bad('sort=cheapest');
    await bad('duration=forever');
    await bad('language=english!');
    await bad('language=e');
    await bad('language=en_US');
    await bad('language=');
    await bad(`q=${'a'.repeat(201)}`);
    await bad('q=%07bell');
    await bad('q=a&q=b');
    const joined = [
      'a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s-t',
      '1.2.3.4',
      'x.y:*',
      'ab-&-cd',
      `${term}.-.${term}`,
      '-.-',
      'é-ü.ß',
    ];
    for (const q of [`${term} & | ! :* ( ) <-> '`, "'; DROP TABLE courses; --", '!!!', ':*', `${term}:*A`, ...joined]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/courses/search?${new URLSearchParams({ q })}` });
      expect(response.statusCode, q).toBe(200);
    }
    expect((await search({ q: `${term} & | ! ( )` })).total).toBe(1);
  });
});
