import { fileTypeFromBuffer } from 'file-type';
import type { UploadKind } from '#shared/schemas/uploads';

/*
 * What an upload may be (docs/product.md, Files and uploads), judged by its bytes, never by its name or label:
 * raster images and three video containers. SVG and HTML are text that a browser would run, so they
 * are refused even when labelled image/png. A notebook is JSON, which no first bytes prove: it is
 * checked whole instead (uploads.service.ts), and only under its own media type, never
 * application/json, whose bodies the server reads whole before any route sees them.
 */

/** Enough for every signature below (file-type reads at most 4,100 bytes for these). */
export const SNIFF_BYTES = 4_100;

const ALLOWED: Record<UploadKind, Record<string, string>> = {
  image: { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/gif': 'GIF', 'image/webp': 'WebP' },
  video: { 'video/mp4': 'MP4', 'video/webm': 'WebM', 'video/quicktime': 'MOV' },
  notebook: { 'application/x-ipynb+json': 'Jupyter notebook (.ipynb)' },
  captions: { 'text/vtt': 'WebVTT captions (.vtt)' },
};

/** Labels browsers and tools give the same containers. */
const ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'video/x-m4v': 'video/mp4',
  'video/mov': 'video/quicktime',
};

function normalise(mediaType: string): string {
  const bare = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return ALIASES[bare] ?? bare;
}

export function describeAllowed(kind: UploadKind): string {
  const names = Object.values(ALLOWED[kind]);
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The declared Content-Type, normalised, when it names a type this kind allows. */
export function allowedDeclaredType(kind: UploadKind, declared: string | undefined): string | undefined {
  const type = declared ? normalise(declared) : '';
  return ALLOWED[kind][type] ? type : undefined;
}

export class MediaMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaMismatchError';
  }
}

/** Throws MediaMismatchError unless the first bytes are a file of `declaredType`. */
export async function assertBytesAre(head: Buffer, kind: UploadKind, declaredType: string): Promise<void> {
  const sniffed = await fileTypeFromBuffer(head);
  const actual = sniffed ? normalise(sniffed.mime) : undefined;
  if (actual === declaredType) return;
  const label = ALLOWED[kind][declaredType] ?? declaredType;
  const found = actual && (ALLOWED.image[actual] ?? ALLOWED.video[actual]);
  throw new MediaMismatchError(
    found
      ? `The file is ${found}, but it was sent as ${label}`
      : `The file's contents are not ${label === 'MOV' ? 'a MOV' : `a ${label}`} ${kind}`,
  );
}
