import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The text of every <tag> of a well-formed XML document; throws on a document that does not close what it opens. */
function xmlTexts(xml: string, tag: string): string[] {
  const texts: string[] = [];
  const open: string[] = [];
  let current: string | null = null;
  const parser = new Parser(
    {
      onopentag: (name) => {
        open.push(name);
        if (name === tag) current = '';
      },
      ontext: (text) => {
        if (current !== null) current += text;
      },
      onclosetag: (name) => {
        if (open.pop() !== name) throw new Error(`</${name}> closes another element`);
        if (name === tag && current !== null) texts.push(current);
        current = null;
      },
    },
    { xmlMode: true },
  );
  parser.write(xml);
  parser.end();
  if (open.length > 0) throw new Error(`unclosed: ${open.join(', ')}`);
  return texts;
}

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt lets crawlers in, keeps them out of private pages and names the sitemap', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = answer.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /course/*/learn');
    expect(lines).toContain(`Sitemap: ${t.app.config.publicUrl}/sitemap.xml`);
  });

  it('sitemap.xml lists the home page and each course on sale with its last change, never a draft or an archived course', async () => {
    const creator = await createUser(t.db.db, { role: 'creator' });
    const onSale = await createCourse(t.db.db, creator.id);
    const draft = await createCourse(t.db.db, creator.id, { published: false });
    const archived = await createCourse(t.db.db, creator.id, { archived: true });
    const answer = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(
      answer.body.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    const locs = xmlTexts(answer.body, 'loc');
    const base = t.app.config.publicUrl;
    expect(locs).toContain(`${base}/`);
    expect(locs).toContain(`${base}/courses`);
    expect(locs).toContain(`${base}/course/${onSale.id}`);
    expect(locs).not.toContain(`${base}/course/${draft.id}`);
    expect(locs).not.toContain(`${base}/course/${archived.id}`);
    expect(xmlTexts(answer.body, 'lastmod')).toContain(onSale.updatedAt.toISOString());

    // The numbered files of an index: the first holds the courses, past the last there is none.
    const first = await t.app.inject({ method: 'GET', url: '/sitemaps/courses-1.xml' });
    expect(first.statusCode).toBe(200);
    expect(xmlTexts(first.body, 'loc')).toContain(`${base}/course/${onSale.id}`);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/courses-2.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/courses-0.xml' })).statusCode).toBe(400);
  });
});
