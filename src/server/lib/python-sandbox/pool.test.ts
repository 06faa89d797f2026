import { afterAll, describe, expect, it } from 'vitest';
import { createPythonPool, PythonQueueFullError, PythonUnavailableError } from './pool';

// A short time limit keeps the stopped runs quick; one pool, so the interpreter loads once.
const pool = createPythonPool({ size: 1, queueLimit: 1, timeLimitMs: 1_000, graceMs: 500, outputLimit: 50 });
afterAll(() => pool.close());

describe('the Python pool', () => {
  it('runs the source, then the tests in the same namespace', { timeout: 60_000 }, async () => {
    expect(await pool.run({ source: 'print("hi")' })).toEqual({ output: 'hi\n', error: null, correct: true });
    const passed = await pool.run({ source: 'def square(x): return x * x', testCode: 'assert square(3) == 9' });
    expect(passed).toEqual({ output: '', error: null, correct: true });
    const failed = await pool.run({ source: 'def square(x): return x + x', testCode: 'assert square(3) == 9, "3² is 9"' });
    expect(failed.correct).toBe(false);
    expect(failed.error).toBe('AssertionError: 3² is 9');
    expect(failed.output).toContain('File "<tests>');
  });

  it('cuts the output at its limit', async () => {
    expect((await pool.run({ source: 'for i in range(200): print("x" * 100)' })).output).toHaveLength(50);
  });

  it('queues no more runs than its limit while its worker is busy, then serves again', { timeout: 30_000 }, async () => {
    const busy = pool.run({ source: 'while True: pass' });
    const waiting = pool.run({ source: 'print("waited")' });
    await expect(pool.run({ source: 'print("refused")' })).rejects.toBeInstanceOf(PythonQueueFullError);
    expect((await busy).error).toBe('Time limit exceeded: the run was stopped after 1 seconds.');
    expect(await waiting).toEqual({ output: 'waited\n', error: null, correct: true });
  });

  it('starts no worker before the first run, and refuses runs once closed', async () => {
    const idle = createPythonPool({ size: 2, queueLimit: 1 });
    await idle.close();
    await expect(idle.run({ source: 'print(1)' })).rejects.toBeInstanceOf(PythonUnavailableError);
    await expect(createPythonPool({ size: 0, queueLimit: 1 }).run({ source: '' })).rejects.toBeInstanceOf(PythonUnavailableError);
  });
});
