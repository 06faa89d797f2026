import type { z } from 'zod';
import type { CourseThumbnailBodySchema, ObjectPathResultSchema } from '#shared/schemas/uploads';
import { apiJson } from '#web/lib/api-client';

type ObjectPathResult = z.infer<typeof ObjectPathResultSchema>;

/**
 * docs/product.md, Files and uploads: a finished upload's address becomes the object path a course stores as
 * its thumbnail.
 */
export async function saveThumbnail(uploadURL: string): Promise<string> {
  const body: z.input<typeof CourseThumbnailBodySchema> = { thumbnailURL: uploadURL };
  const { objectPath } = await apiJson<ObjectPathResult>('PUT', '/api/course-thumbnails', body);
  return objectPath;
}
