import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '#db/schema/index';
import { seedDemo } from '#db/seed/index';
import { createCourse, createUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/*
 * Typo tolerance (docs/product.md "Search", ADR 0046), on the demo catalogue: real typos of its titles'
 * words, each kind of one typo in a word of 5 or more letters, two in a word of 9 or more, and what
 * must stay unmatched.
 */

let t: TestApp;
/** Demo course ids by a word of their title. */
const demo: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo({ db: t.db.db, hashPassword: async (password) => `test$${password}` });
  for (const course of await t.db.db.select({ id: courses.id, title: courses.title }).from(courses)) {
    const key = ['Vision', 'Machine', 'LLM', 'Neural', 'Transformers', 'Python'].find((word) => course.title.includes(word));
    if (key) demo[key] = course.id;
  }
  expect(Object.keys(demo)).toHaveLength(6);
});
afterAll(() => t.close());

type Found = { items: { id: string; title: string }[]; total: number };

const search = async (q: string, server = t) => {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api/courses/search?${new URLSearchParams({ q, limit: '100' })}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Found;
};

/** [what was typed, a word of the intended course's title it stands for, the course] */
const TYPOS: [string, string, string][] = [
  // Two letters swapped.
  ['pyhton', 'Python', 'Python'],
  ['nueral', 'Neural', 'Neural'],
  ['visoin', 'Vision', 'Vision'],
  ['macihne', 'Machine', 'Machine'],
  ['learnign', 'Learning', 'Machine'],
  ['netowrks', 'Networks', 'Neural'],
  ['pnadas', 'pandas', 'Python'],
  ['sceince', 'Science', 'Python'],
  ['scartch', 'Scratch', 'Neural'],
  ['tokesn', 'Tokens', 'Transformers'],
  ['modles', 'Models', 'Transformers'],
  ['bulid', 'Build', 'Neural'],
  ['transfromers', 'Transformers', 'Transformers'],
  ['evaulation', 'Evaluation', 'LLM'],
  ['comptuer', 'Computer', 'Vision'],
  // A letter missing.
  ['pythn', 'Python', 'Python'],
  ['nural', 'Neural', 'Neural'],
  ['machne', 'Machine', 'Machine'],
  ['scence', 'Science', 'Python'],
  ['promting', 'Prompting', 'LLM'],
  ['foundatons', 'Foundations', 'Machine'],
  ['augmentaion', 'Augmentation', 'Vision'],
  ['storytlling', 'Storytelling', 'Python'],
  ['detecton', 'Detection', 'Vision'],
  ['scrach', 'Scratch', 'Neural'],
  // A letter too many.
  ['pythonn', 'Python', 'Python'],
  ['neurral', 'Neural', 'Neural'],
  ['computter', 'Computer', 'Vision'],
  ['leaarning', 'Learning', 'Machine'],
  ['visiion', 'Vision', 'Vision'],
  ['scalle', 'Scale', 'LLM'],
  ['pandass', 'pandas', 'Python'],
  ['objecct', 'Object', 'Vision'],
  // A wrong letter.
  ['pythin', 'Python', 'Python'],
  ['neurak', 'Neural', 'Neural'],
  ['visiom', 'Vision', 'Vision'],
  ['machime', 'Machine', 'Machine'],
  ['sciense', 'Science', 'Python'],
  ['enginearing', 'Engineering', 'LLM'],
  ['trandformers', 'Transformers', 'Transformers'],
  ['mofels', 'Models', 'Transformers'],
  ['visusl', 'Visual', 'Python'],
  ['numoy', 'NumPy', 'Python'],
  // Two typos in a word of 9 letters or more.
  ['trasnfromers', 'Transformers', 'Transformers'],
  ['agumentaiton', 'Augmentation', 'Vision'],
  ['fondatinos', 'Foundations', 'Machine'],
  ['evalutaoin', 'Evaluation', 'LLM'],
  ['datectoin', 'Detection', 'Vision'],
  ['prommptign', 'Prompting', 'LLM'],
  ['storytelnig', 'Storytelling', 'Python'],
  ['engeneerign', 'Engineering', 'LLM'],
];

describe('course search typo tolerance', () => {
  it.each(TYPOS)('finds “%s” (%s) in its course', async (typed, _word, course) => {
    const found = await search(typed);
    expect(found.items.map((item) => item.id)).toContain(demo[course]);
  });

  it('forgives a typo in each word of a query of several words, the best match first', async () => {
    expect((await search('nueral netwroks')).items[0]?.id).toBe(demo.Neural);
    expect((await search('pyhton pnadas')).items[0]?.id).toBe(demo.Python);
    expect((await search('machne learnign foundatons')).items[0]?.id).toBe(demo.Machine);
    // A word as typed and a corrected one together.
    expect((await search('python sciense')).items[0]?.id).toBe(demo.Python);
  });

  it('finds nothing for a typo in a word under 5 letters, two in a word under 9, or words no course has', async () => {
    for (const typed of [
      // Under 5 letters: exactly as typed, or as the start of a word.
      'deap',
      'dvie',
      'daat',
      'nlpp',
      // Two typos in a word of 5 to 8 letters.
      'pyhtno',
      'nuerla',
      'vsiino',
      'mahcien',
      'lerniing',
      // No course's words.
      'zebra',
      'blorft',
      'quixotic',
      'xylophone',
      'qwertyuiop',
    ]) {
      expect((await search(typed)).total, typed).toBe(0);
    }
    // Every word is required: a typo forgiven does not make the query's other words optional.
    expect((await search('pyhton blorft')).total).toBe(0);
    expect((await search('deap learnign')).total).toBe(0);
  });

  it('takes the words as typed when they find something, and corrects only when they find nothing', async () => {
    const creator = await createUser(t.db.db, { role: 'creator', name: 'Typo Tester' });
    const typoInTitle = await createCourse(t.db.db, creator.id, { title: 'Pyhton quirks' });
    expect((await search('pyhton')).items.map((item) => item.id)).toEqual([typoInTitle.id]);
    expect((await search('python')).items.map((item) => item.id)).not.toContain(typoInTitle.id);
  });

  it('finds a word a course gains at once, and no longer corrects to a word no course has', async () => {
    const creator = await createUser(t.db.db, { role: 'creator', name: 'Vocabulary Keeper' });
    const course = await createCourse(t.db.db, creator.id, { title: 'Quaternions for robotics' });
    expect((await search('quaternoins')).items.map((item) => item.id)).toEqual([course.id]);
    await t.db.db.update(courses).set({ title: 'Rotations for robotics' }).where(eq(courses.id, course.id));
    expect((await search('quaternoins')).total).toBe(0);
    expect((await search('rotatoins')).items.map((item) => item.id)).toEqual([course.id]);
  });
});
