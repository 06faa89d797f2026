/*
 * A crowd of learners for the cluster test: each worker reads the catalogue, a course, its session
 * and its progress, and writes (marks a slide of its own, enrolls in a free course) over and over,
 * through nginx, until told to stop. Every answer is kept with its time and nginx's request id, and
 * every acknowledged write, so the test can read each one back.
 */

export type Answer = {
  method: string;
  path: string;
  /** 0: no HTTP answer at all (the connection to nginx failed). */
  status: number;
  sentAt: number;
  answeredAt: number;
  /** nginx's id of the request (X-Request-Id), to find it in the access log. */
  requestId: string | null;
};

export type LoadWorker = {
  token: string;
  /** The learner's slides to mark, one per write, in order. */
  lessonIds: string[];
  /** Free courses to enroll in, one per write, in order. */
  freeCourseIds: string[];
};

export type LoadRun = {
  answers: Answer[];
  /** Per worker: the slides and enrollments whose writes were answered 2xx. */
  acknowledged: { lessonIds: Set<string>; courseIds: Set<string> }[];
  stop(): Promise<void>;
};

export type LoadTarget = { url: string; readCourseId: string; progressCourseId: string };

async function call(url: string, method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  const sentAt = Date.now();
  try {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await response.arrayBuffer();
    return {
      method,
      path,
      status: response.status,
      sentAt,
      answeredAt: Date.now(),
      requestId: response.headers.get('x-request-id'),
    };
  } catch {
    return { method, path, status: 0, sentAt, answeredAt: Date.now(), requestId: null };
  }
}

const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** Starts one loop per worker at once; `stop()` ends each after its current request. */
export function startLoad(target: LoadTarget, workers: LoadWorker[]): LoadRun {
  const answers: Answer[] = [];
  const acknowledged = workers.map(() => ({ lessonIds: new Set<string>(), courseIds: new Set<string>() }));
  let running = true;
  const loops = workers.map(async (worker, index) => {
    const mine = acknowledged[index] as LoadRun['acknowledged'][number];
    const send = async (method: string, path: string, body?: unknown) => {
      const answer = await call(target.url, method, path, worker.token, body);
      answers.push(answer);
      return answer;
    };
    for (let round = 0; running; round++) {
      await send('GET', '/api/courses');
      await send('GET', `/api/courses/${target.readCourseId}`);
      await send('GET', '/api/auth/me');
      const lessonId = worker.lessonIds[round % worker.lessonIds.length] as string;
      if (isOk(await send('POST', '/api/progress', { lessonId, completed: true }))) mine.lessonIds.add(lessonId);
      await send('GET', `/api/courses/${target.progressCourseId}/progress`);
      // Every third round, the next free course.
      const courseId = round % 3 === 0 ? worker.freeCourseIds[round / 3] : undefined;
      if (courseId && isOk(await send('POST', '/api/enroll-free', { courseId }))) mine.courseIds.add(courseId);
    }
  });
  return {
    answers,
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** One line of deploy/nginx.conf's `ga_json` access log. */
export type AccessLogEntry = {
  time: number;
  requestId: string;
  client: string;
  method: string;
  path: string;
  status: number;
  /** The instances tried, in order: `127.0.0.1:5001, 127.0.0.1:5002` when nginx retried. */
  upstream: string;
  upstreamStatus: string;
  seconds: number;
};

export function parseAccessLog(text: string): AccessLogEntry[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as AccessLogEntry);
}

/** The instances nginx tried for a request, in order. */
export function upstreamsOf(entry: AccessLogEntry): string[] {
  // ", " between instances of one upstream group, " : " between groups (after an internal redirect).
  return entry.upstream
    .split(/\s*,\s*|\s+:\s+/)
    .map((address) => address.trim())
    .filter(Boolean);
}
