import { apiJson } from '#web/lib/api-client';

/** SPEC §7: the finished upload's address becomes the object path that courses and slides store. */
export async function toObjectPath(uploadURL: string): Promise<string> {
  const { objectPath } = await apiJson<{ objectPath: string }>('PUT', '/api/course-thumbnails', { thumbnailURL: uploadURL });
  return objectPath;
}
