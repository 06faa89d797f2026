import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courses } from '#db/schema/index';

/** The sitemap protocol's limit per file; past it, /sitemap.xml becomes an index of numbered files. */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** Pages a search engine may list; the app's private pages are listed as disallowed and drawn `noindex`. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /creator',
    'Disallow: /admin',
    'Disallow: /account',
    'Disallow: /my-courses',
    'Disallow: /checkout/',
    'Disallow: /course/*/learn',
    'Disallow: /course/*/preview',
    'Disallow: /certificates/',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEscape = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

const onSale = and(eq(courses.published, true), eq(courses.archived, false));

async function publishedCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courses).where(onSale);
  return Number(row?.n ?? 0);
}

/** `/sitemap.xml`: the home page, the course search and every course on sale with its last change, or an index past 50,000. */
export async function sitemapXml(db: Db, publicUrl: string): Promise<string> {
  const total = await publishedCount(db);
  if (total + 2 > SITEMAP_URLS_PER_FILE) {
    const files = Math.ceil(total / SITEMAP_URLS_PER_FILE);
    const entries = Array.from(
      { length: files },
      (_, index) => `  <sitemap><loc>${xmlEscape(`${publicUrl}/sitemaps/courses-${index + 1}.xml`)}</loc></sitemap>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }
  return urlSet([
    { loc: `${publicUrl}/`, lastmod: null },
    { loc: `${publicUrl}/courses`, lastmod: null },
    ...(await courseUrls(db, publicUrl, 0, SITEMAP_URLS_PER_FILE)),
  ]);
}

/** `/sitemaps/courses-N.xml`, the Nth 50,000 courses in a stable order; null past the last. */
export async function courseSitemapXml(db: Db, publicUrl: string, page: number): Promise<string | null> {
  const total = await publishedCount(db);
  if (page < 1 || (page - 1) * SITEMAP_URLS_PER_FILE >= Math.max(total, 1)) return null;
  return urlSet(await courseUrls(db, publicUrl, (page - 1) * SITEMAP_URLS_PER_FILE, SITEMAP_URLS_PER_FILE));
}

async function courseUrls(db: Db, publicUrl: string, offset: number, limit: number) {
  const rows = await db
    .select({ id: courses.id, updatedAt: courses.updatedAt })
    .from(courses)
    .where(onSale)
    .orderBy(asc(courses.createdAt), asc(courses.id))
    .offset(offset)
    .limit(limit);
  return rows.map((row) => ({ loc: `${publicUrl}/course/${row.id}`, lastmod: row.updatedAt.toISOString() }));
}

function urlSet(urls: { loc: string; lastmod: string | null }[]): string {
  const entries = urls.map(
    ({ loc, lastmod }) => `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
