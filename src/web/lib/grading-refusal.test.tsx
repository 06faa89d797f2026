import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { gradingRefusal } from './grading-refusal';

describe('gradingRefusal', () => {
  it("says the server's reason for a 503 or a 429, and that the code is kept", () => {
    const off = new ApiError(
      503,
      'Service Unavailable',
      JSON.stringify({ message: 'Running Python on the server is turned off on this instance.' }),
    );
    expect(gradingRefusal(off)).toBe(
      'Your code could not be graded: Running Python on the server is turned off on this instance. Your code is kept; submit it again later.',
    );
    expect(gradingRefusal(new ApiError(429, 'Too Many Requests', ''))).toBe(
      'Your code could not be graded: Every Python runner is busy. Your code is kept; submit it again later.',
    );
  });

  it('leaves every other failure to the caller', () => {
    expect(gradingRefusal(new ApiError(409, 'Conflict', ''))).toBeNull();
    expect(gradingRefusal(new TypeError('Failed to fetch'))).toBeNull();
  });
});
