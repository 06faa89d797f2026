import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseSearchQuerySchema, CourseSearchResultSchema } from '#shared/schemas/search';
import { prepareJson, sendPrepared } from '../../lib/prepared-json';
import { searchCourses } from './search.service';

/** docs/product.md, Search: the marketplace's course search, the same for everyone. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/courses/search',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Search published courses by words, filters and order, a page at a time',
        description:
          'Words match titles first, then the instructor, module and slide titles and the description; a typo in a title still matches. `facets` counts each filter value with the other filters kept; past SEARCH_COUNT_LIMIT courses the counts are lower bounds (`exact: false`).',
        querystring: CourseSearchQuerySchema,
        response: { 200: CourseSearchResultSchema, 400: ApiErrorBodySchema },
      },
      config: { public: true },
      // Served precompressed (sendPrepared), never compressed per request.
      compress: false,
    },
    async (request, reply) => {
      const { query } = request;
      const search = () => searchCourses(app.db, query, { countLimit: app.config.searchCountLimit });
      // Later pages are not kept: each cursor is one reader's.
      if (query.cursor !== undefined) return search();
      const page = await app.reads.searchPage(JSON.stringify(query), async () => prepareJson(await search()));
      return sendPrepared(request, reply, page);
    },
  );
};
