import type { ProgressBody } from '#shared/schemas/learning';
import { apiJson, getStoredToken } from '#web/lib/api-client';

const PROGRESS_URL = '/api/progress';

/**
 * Saves where the learner is in a video slide (docs/product.md, Video). `leaving`: the page or slide
 * is going away, so the request must outlive it. sendBeacon cannot carry the bearer token the API
 * answers to, so this is a keepalive fetch, the mechanism sendBeacon is built on (ADR 0058).
 */
export function savePosition({
  lessonId,
  positionSeconds,
  leaving = false,
}: {
  lessonId: string;
  positionSeconds: number;
  leaving?: boolean;
}): Promise<unknown> {
  const body: ProgressBody = { lessonId, positionSeconds: Math.round(positionSeconds * 10) / 10 };
  if (!leaving) return apiJson('POST', PROGRESS_URL, body);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(PROGRESS_URL, { method: 'POST', keepalive: true, headers, body: JSON.stringify(body) });
}
