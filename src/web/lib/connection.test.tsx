import { describe, expect, it } from 'vitest';
import { getConnectionSnapshot, getServerConnectionSnapshot } from './connection';

describe('connection store', () => {
  it('starts from the very snapshot the server draws with, so taking a drawn page over changes nothing', () => {
    // React compares the two by identity after hydration: an equal copy forces a blocking render of
    // every page (issue 23).
    expect(getConnectionSnapshot()).toBe(getServerConnectionSnapshot());
  });
});
