import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '#shared/errors';
import { AppError } from '../errors';
import { PythonQueueFullError, type PythonRunResult, PythonUnavailableError } from './python-sandbox/pool';
import { limitUserAction } from './user-rate-limit';

// About one short run per worker and queued run; a hint, the client may retry sooner.
const BUSY_RETRY_SECONDS = 5;
export const PYTHON_TURNED_OFF = 'Running Python on the server is turned off on this instance.';

/**
 * One user's run on the instance's pool (docs/product.md, Running Python), for POST /api/code/run and
 * code answers alike: they share the user's per-minute limit of runs. The refusals are API errors:
 * 503 when the instance has no workers or Python cannot start, 429 with Retry-After when the queue is full.
 */
export async function runPythonFor({
  app,
  request,
  userId,
  source,
  testCode = null,
}: {
  app: FastifyInstance;
  request: FastifyRequest;
  userId: string;
  source: string;
  testCode?: string | null;
}): Promise<PythonRunResult> {
  if (app.config.python.workers < 1) throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, PYTHON_TURNED_OFF);
  await limitUserAction({ app, action: 'code-run', userId });
  try {
    return await app.python.run({ source, testCode });
  } catch (error) {
    if (error instanceof PythonQueueFullError) {
      throw new AppError(ErrorCode.RATE_LIMITED, 'Every Python runner is busy. Please try again in a few seconds.', {
        headers: { 'retry-after': String(BUSY_RETRY_SECONDS) },
      });
    }
    if (error instanceof PythonUnavailableError) {
      // The reason (a missing package file, a shutdown) is the operator's, not the learner's.
      request.log.error({ err: error }, 'a Python run could not start');
      throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, 'Python is not available right now. Please try again later.');
    }
    throw error;
  }
}
