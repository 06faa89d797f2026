import type { z } from 'zod';
import type { CourseThumbnailBodySchema, ObjectPathResultSchema } from '#shared/schemas/uploads';
import { apiJson } from '#web/lib/api-client';

type ObjectPathResult = z.infer<typeof ObjectPathResultSchema>;

/**
 * docs/product.md, Files and uploads: the course-thumbnails call also turns slide images and videos into stored
 * object paths.
 */
export async function saveMedia(uploadURL: string): Promise<string> {
  const body: z.input<typeof CourseThumbnailBodySchema> = { thumbnailURL: uploadURL };
  const { objectPath } = await apiJson<ObjectPathResult>('PUT', '/api/course-thumbnails', body);
  return objectPath;
}
