import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import { AppError } from '../../errors';
import { courseSitemapXml, robotsTxt, sitemapXml } from './seo.service';

const TAGS = ['seo'];

/** docs/product.md, Catalogue and course pages: what search engines read. Before this, both addresses answered the app's HTML. */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/robots.txt',
    { schema: { tags: TAGS, summary: 'Which pages crawlers may list, and where the sitemap is', produces: ['text/plain'] } },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(app.config.publicUrl)),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        tags: TAGS,
        summary: 'The home page and every course on sale, with when each last changed',
        produces: ['application/xml'],
      },
    },
    async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(await sitemapXml(app.db, app.config.publicUrl)),
  );

  app.get(
    '/sitemaps/courses-:page.xml',
    {
      schema: {
        tags: TAGS,
        summary: 'One file of a sitemap index, for catalogues past 50,000 courses',
        params: z.object({ page: z.coerce.number().int().min(1).max(10_000) }),
        produces: ['application/xml'],
        response: { 404: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const xml = await courseSitemapXml(app.db, app.config.publicUrl, request.params.page);
      if (xml === null) throw new AppError(ErrorCode.NOT_FOUND, 'No such sitemap');
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(xml as never);
    },
  );
};
