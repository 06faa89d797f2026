import { describe, expect, it } from 'vitest';
import { createBatcher } from './batch';

describe('createBatcher', () => {
  it('runs the calls of one turn of the event loop as one batch, answering each in order', async () => {
    const batches: number[][] = [];
    const double = createBatcher(async (inputs: number[]) => {
      batches.push(inputs);
      return inputs.map((n) => n * 2);
    });
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('splits a crowd into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const echo = createBatcher(
      async (inputs: number[]) => {
        sizes.push(inputs.length);
        return inputs;
      },
      { maxBatch: 4 },
    );
    const inputs = Array.from({ length: 10 }, (_, i) => i);
    expect(await Promise.all(inputs.map(echo))).toEqual(inputs);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('fails every call of a failed batch, and the next batch runs afresh', async () => {
    let fail = true;
    const write = createBatcher(async (inputs: string[]) => {
      if (fail) throw new Error('database down');
      return inputs;
    });
    const failed = await Promise.allSettled(['a', 'b'].map(write));
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await write('c')).toBe('c');
  });
});
