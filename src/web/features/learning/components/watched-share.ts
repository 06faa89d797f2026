/**
 * The share (0–1) of a video the learner has actually played: the sum of its played ranges over its
 * length. Seeking skips what lies between, so dragging to the end counts for nothing.
 */
export function watchedShare(video: Pick<HTMLVideoElement, 'played' | 'duration'>): number {
  const { duration, played } = video;
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  let seconds = 0;
  for (let index = 0; index < played.length; index++) seconds += played.end(index) - played.start(index);
  return Math.min(1, seconds / duration);
}
