import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { InstructorSchema, ProfileInputSchema } from '#shared/schemas/instructors';
import { requireRole } from '../../plugins/current-user';
import { getInstructor, updateProfile } from './instructors.service';

const TAGS = ['instructors'];

/** docs/product.md, Catalogue and course pages: instructor pages, and the creator's edit of their own. */
export const instructorsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/instructors/:id',
    {
      schema: {
        tags: TAGS,
        summary: "A creator's public page: profile, courses on sale, students and rating",
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 200: InstructorSchema, 404: ApiErrorBodySchema },
      },
    },
    async (request) => getInstructor({ db: app.db, id: request.params.id }),
  );

  app.patch(
    '/api/creator/profile',
    {
      schema: {
        tags: TAGS,
        summary: "Edit the caller's instructor page: headline, bio and avatar",
        security: [{ bearerAuth: [] }],
        body: ProfileInputSchema,
        response: { 200: InstructorSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'creator');
      return updateProfile({ db: app.db, userId: user.id, input: request.body });
    },
  );
};
