/*
 * Learning rules both sides need as values. No zod here: the Learn page's first load must not carry
 * the schema library (the budget of docs/performance.md, The JavaScript budget), only these numbers.
 */

/** Issue 22: a video slide counts once this share of it (percent) has been played, unless configured otherwise. */
export const DEFAULT_VIDEO_COMPLETE_PERCENT = 90;
