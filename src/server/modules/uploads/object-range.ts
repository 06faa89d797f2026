import type { ByteRange } from '../../lib/object-store/object-store';

/**
 * One `Range: bytes=…` (RFC 9110 §14.2). Anything else — other units, several ranges, nonsense — is
 * ignored and the whole object is served, which the RFC allows and every player copes with.
 */
export function parseRangeHeader(header: string | undefined): ByteRange | undefined {
  const match = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, start = '', end = ''] = match;
  if (start === '' && end === '') return undefined;
  if (start === '') return { suffixLength: Number(end) };
  return end === '' ? { start: Number(start) } : { start: Number(start), end: Number(end) };
}
