import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import { IdParamsSchema } from '#shared/schemas/creator';
import { NotebookViewSchema } from '#shared/schemas/notebooks';
import { AppError } from '../../errors';
import { fileNameSlug } from '../../lib/file-name-slug';
import { requireLearnableCourse } from '../../lib/learnable-course';
import { createNotebookDrawings } from '../../lib/notebooks/notebook-drawings';

const TAGS = ['learning'];
const BEARER = [{ bearerAuth: [] }];
const denied = { 401: ApiErrorBodySchema, 403: ApiErrorBodySchema, 404: ApiErrorBodySchema };

/** A file name from the slide's title. */
export function notebookFileName(title: string): string {
  return `${fileNameSlug(title) || 'notebook'}.ipynb`;
}

/**
 * A notebook slide's drawing and its file (docs/product.md, Notebooks), for whoever may see the slide.
 * Apart from the module's lesson list, which stays as it is: the drawing is only asked for when a
 * notebook slide is opened, and is larger than the rest of the module's slides together.
 */
export const notebookRoutes: FastifyPluginAsyncZod = async (app) => {
  const drawings = createNotebookDrawings({ store: app.objectStore });

  const notebookOf = async (request: Parameters<typeof requireLearnableCourse>[0]['request'], id: string) => {
    const { moduleId } = await requireLearnableCourse({ request, reads: app.reads, kind: 'lesson', id });
    const { lessons } = await app.reads.lessons(moduleId);
    const lesson = lessons.find((candidate) => candidate.id === id);
    if (!lesson?.notebookUrl) throw new AppError(ErrorCode.NOT_FOUND, 'This slide has no notebook');
    return { title: lesson.title, objectPath: lesson.notebookUrl };
  };
  const missing = () => new AppError(ErrorCode.NOT_FOUND, 'The notebook file is missing');

  app.get(
    '/api/lessons/:id/notebook',
    {
      schema: {
        tags: TAGS,
        summary: "A notebook slide's cells drawn as safe HTML, and where to download the notebook",
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: NotebookViewSchema, ...denied },
      },
    },
    async (request, reply) => {
      const { objectPath } = await notebookOf(request, request.params.id);
      const html = await drawings.draw(objectPath);
      if (html === null) throw missing();
      reply.header('cache-control', 'private, no-cache');
      return { html, downloadUrl: `/api/lessons/${encodeURIComponent(request.params.id)}/notebook/file` };
    },
  );

  app.get(
    '/api/lessons/:id/notebook/file',
    {
      schema: {
        tags: TAGS,
        summary: "A notebook slide's .ipynb file, as uploaded",
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: z.unknown().describe('The notebook (application/x-ipynb+json)'), ...denied },
      },
    },
    async (request, reply) => {
      const { title, objectPath } = await notebookOf(request, request.params.id);
      const bytes = await drawings.read(objectPath);
      if (bytes === null) throw missing();
      return reply
        .header('content-type', 'application/x-ipynb+json')
        .header('content-disposition', `attachment; filename="${notebookFileName(title)}"`)
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
