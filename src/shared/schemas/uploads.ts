import { z } from 'zod';

/** What an upload may be (docs/product.md, Files and uploads). */
export const IMAGE_MAX_BYTES = 5_242_880;
export const VIDEO_MAX_BYTES = 104_857_600;
export const NOTEBOOK_MAX_BYTES = 5_242_880;
export const CAPTIONS_MAX_BYTES = 1_048_576;
export const uploadKinds = ['image', 'video', 'notebook', 'captions'] as const;
export type UploadKind = (typeof uploadKinds)[number];

export const UploadRequestBodySchema = z.object({ kind: z.enum(uploadKinds).optional().default('image') });
export const UploadUrlSchema = z.object({ uploadURL: z.string() });

export const CourseThumbnailBodySchema = z.object({ thumbnailURL: z.string().min(1).max(2_000) });
export const ObjectPathResultSchema = z.object({ objectPath: z.string() });
