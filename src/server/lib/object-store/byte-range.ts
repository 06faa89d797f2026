import { type ByteRange, RangeNotSatisfiableError } from './object-store';

const isOffset = (value: number) => Number.isSafeInteger(value) && value >= 0;

/**
 * Turns a requested range into the inclusive bytes to serve, with HTTP's rules (RFC 9110 §14.1.2):
 * an end past the object is clamped, a start past it or an empty object cannot be served.
 */
export function resolveByteRange(range: ByteRange, size: number): { start: number; end: number } {
  if (size === 0) throw new RangeNotSatisfiableError(size);
  if ('suffixLength' in range) {
    if (!isOffset(range.suffixLength) || range.suffixLength === 0) throw new RangeNotSatisfiableError(size);
    return { start: Math.max(0, size - range.suffixLength), end: size - 1 };
  }
  const { start, end = size - 1 } = range;
  if (!isOffset(start) || !isOffset(end) || start >= size || end < start) throw new RangeNotSatisfiableError(size);
  return { start, end: Math.min(end, size - 1) };
}
