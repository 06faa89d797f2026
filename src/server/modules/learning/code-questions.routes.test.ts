import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnyQuestionSchema } from '#shared/schemas/creator';
import { CodeAnswerResultSchema, QuizAttemptSchema } from '#shared/schemas/learning';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/* Code questions (docs/product.md, Learning and Running Python): written by the creator, graded by running Python. */

// Set in the server's environment before its app exists: no test code may ever print it.
const SECRET = 'ga-grading-test-secret-7d2e1a';
process.env.GA_GRADING_TEST_SECRET = SECRET;

const TESTS = 'assert square(3) == 9, "square(3) should be 9"\nassert square(-2) == 4';
const CODE_BODY = {
  type: 'code',
  question: 'Write square(x).',
  language: 'python',
  starterCode: 'def square(x):\n    pass\n',
  testCode: TESTS,
  explanation: 'x * x, or x ** 2.',
};

let t: TestApp;
let owner: TestUser;
let learner: TestUser;
let quizId: string;
let codeId: string;
let singleId: string;

type Call = { method: 'GET' | 'POST' | 'PATCH'; url: string; user?: TestUser; payload?: unknown; app?: TestApp };
function call({ method, url, user, payload, app = t }: Call) {
  return app.app.inject({
    method,
    url,
    headers: user ? bearer(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function addQuestion(body: object, app = t, id = quizId, user = owner): Promise<string> {
  const response = await call({ method: 'POST', url: `/api/quizzes/${id}/questions`, user, payload: body, app });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function newAttempt(app = t, id = quizId, user = learner): Promise<string> {
  const response = await call({ method: 'POST', url: `/api/quizzes/${id}/attempts?forceNew=true`, user, app });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

function answerIn(attemptId: string, questionId: string, answer: unknown, app = t, user = learner) {
  return call({ method: 'POST', url: `/api/quiz-attempts/${attemptId}/answers`, user, payload: { questionId, answer }, app });
}

/** Answers the code question in an attempt of its own: every case is a first answer. */
async function grade(source: string, questionId = codeId) {
  const response = await answerIn(await newAttempt(), questionId, source);
  expect(response.statusCode, response.body).toBe(200);
  return CodeAnswerResultSchema.parse(response.json());
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      PYTHON_WORKERS: '1',
      PYTHON_QUEUE_LIMIT: '4',
      RATE_LIMIT_CODE_RUNS_PER_MINUTE: '1000',
      RATE_LIMIT_QUIZ_ATTEMPTS_PER_MINUTE: '1000',
    },
  });
  owner = await createUser(t.db.db, { role: 'creator' });
  learner = await createUser(t.db.db);
  const course = await createCourse(t.db.db, owner.id);
  quizId = (await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 1 })).quizzes[0]?.id ?? '';
  await enroll(t.db.db, learner.id, course.id);
  singleId = await addQuestion({ question: 'Pick B', optionA: 'A', optionB: 'B', correctAnswer: 2 });
  codeId = await addQuestion(CODE_BODY);
}, 60_000);
afterAll(() => t.close());

describe('writing code questions', () => {
  it('creates one: the creator gets every field back', async () => {
    const questions = (await call({ method: 'GET', url: `/api/quizzes/${quizId}/questions`, user: owner })).json();
    const code = questions.find((question: { id: string }) => question.id === codeId);
    expect(code).toEqual({ id: codeId, quizId, order: 1, ...CODE_BODY });
    // language defaults to Python; the starter code may be empty.
    const bare = await call({
      method: 'POST',
      url: `/api/quizzes/${quizId}/questions`,
      user: owner,
      payload: { type: 'code', question: 'Anything.', testCode: 'pass' },
    });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ type: 'code', language: 'python', starterCode: '', testCode: 'pass', explanation: null });
    const edge = await addQuestion({ ...CODE_BODY, starterCode: '#'.repeat(20_000), testCode: `#${'x'.repeat(19_998)}\n` });
    expect(edge).toBeTruthy();
  });

  it('refuses what is not a code question, naming the field', async () => {
    const url = `/api/quizzes/${quizId}/questions`;
    const before = (await call({ method: 'GET', url, user: owner })).json().length;
    const cases: [object, string][] = [
      [{ ...CODE_BODY, testCode: undefined }, 'testCode'],
      [{ ...CODE_BODY, testCode: '' }, 'testCode'],
      [{ ...CODE_BODY, testCode: '  \n\t' }, 'testCode'],
      [{ ...CODE_BODY, testCode: 'x'.repeat(20_001) }, 'testCode'],
      [{ ...CODE_BODY, testCode: 'assert True\u0000' }, 'testCode'],
      [{ ...CODE_BODY, starterCode: 'x'.repeat(20_001) }, 'starterCode'],
      [{ ...CODE_BODY, starterCode: 42 }, 'starterCode'],
      [{ ...CODE_BODY, language: 'javascript' }, 'language'],
      [{ ...CODE_BODY, question: '' }, 'question'],
    ];
    for (const [body, field] of cases) {
      const response = await call({ method: 'POST', url, user: owner, payload: body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body).slice(0, 200)).toContain(field);
    }
    expect((await call({ method: 'GET', url, user: owner })).json()).toHaveLength(before);
  });

  it('edits one, or makes another question a code question, checked as a whole', async () => {
    const id = await addQuestion({ question: 'Is this single?', optionA: 'Yes', optionB: 'No', correctAnswer: 1 });
    const edit = (payload: object) => call({ method: 'PATCH', url: `/api/questions/${id}`, user: owner, payload });
    expect((await edit({ type: 'code' })).statusCode).toBe(400);
    const made = await edit({ type: 'code', starterCode: 'total = 0', testCode: 'assert total == 3' });
    expect(made.statusCode, made.body).toBe(200);
    expect(AnyQuestionSchema.parse(made.json())).toMatchObject({
      type: 'code',
      question: 'Is this single?',
      testCode: 'assert total == 3',
    });
    expect(made.json()).not.toHaveProperty('optionA');
    const edited = await edit({ testCode: 'assert total == 4' });
    expect(edited.json()).toMatchObject({ type: 'code', starterCode: 'total = 0', testCode: 'assert total == 4' });
    expect((await edit({ testCode: '' })).statusCode).toBe(400);
    expect((await edit({ starterCode: 'y'.repeat(20_001) })).statusCode).toBe(400);
    const back = await edit({ type: 'numeric', correctNumber: 4 });
    expect(back.json()).toMatchObject({ type: 'numeric', correctNumber: 4 });
    expect(back.json()).not.toHaveProperty('testCode');
  });
});

describe('what learners see', () => {
  it('shows the starter code and never the tests, in order or shuffled, before and after answering', async () => {
    const url = `/api/quizzes/${quizId}/questions`;
    const expectHidden = async () => {
      const response = await call({ method: 'GET', url, user: learner });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('square(3) == 9');
      expect(response.body).not.toContain('testCode');
      const code = response.json().find((question: { id: string }) => question.id === codeId);
      expect(code).toEqual({
        id: codeId,
        quizId,
        type: 'code',
        question: CODE_BODY.question,
        language: 'python',
        starterCode: CODE_BODY.starterCode,
        choices: [],
        order: 1,
      });
    };
    await expectHidden();
    const attemptId = await newAttempt();
    const answered = await answerIn(attemptId, codeId, 'def square(x): return x * x');
    expect(answered.body).not.toContain('square(3) == 9');
    const completed = await call({ method: 'PATCH', url: `/api/quiz-attempts/${attemptId}/complete`, user: learner });
    expect(completed.body).not.toContain('square(3) == 9');
    await expectHidden();
    await call({ method: 'PATCH', url: `/api/quizzes/${quizId}`, user: owner, payload: { shuffle: true } });
    try {
      await expectHidden();
    } finally {
      await call({ method: 'PATCH', url: `/api/quizzes/${quizId}`, user: owner, payload: { shuffle: false } });
    }
  });
});

describe('grading an answer', () => {
  it('answers correct with the output, or not correct with the failing test', { timeout: 60_000 }, async () => {
    expect(await grade('def square(x):\n    print("called", x)\n    return x * x')).toEqual({
      correct: true,
      correctAnswer: null,
      explanation: CODE_BODY.explanation,
      output: 'called 3\ncalled -2\n',
    });
    const wrong = await grade('def square(x): return x + x');
    expect(wrong.correct).toBe(false);
    expect(wrong.output).toContain('File "<tests>", line 1');
    expect(wrong.output).toContain('AssertionError: square(3) should be 9');
    const broken = await grade('def square(x): return x * x\n1 / 0');
    expect(broken.correct).toBe(false);
    expect(broken.output).toContain('ZeroDivisionError: division by zero');
    const syntax = await grade('def square(x) return x');
    expect(syntax.correct).toBe(false);
    expect(syntax.output).toContain('SyntaxError');
  });

  it('stops an endless answer at the time limit: not correct, and the output says why', { timeout: 60_000 }, async () => {
    const stopped = await grade('while True: pass');
    expect(stopped.correct).toBe(false);
    expect(stopped.output).toContain('Time limit exceeded: the run was stopped after 5 seconds.');
    expect((await grade('def square(x): return x ** 2')).correct).toBe(true);
  });

  it('refuses an answer that is not Python source, storing nothing', async () => {
    const attemptId = await newAttempt();
    for (const answer of [42, true, ['a'], 'x'.repeat(20_001), 'print(1)\u0000']) {
      const response = await answerIn(attemptId, codeId, answer);
      expect(response.statusCode, String(answer).slice(0, 50)).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toContain('answer');
    }
    const attempt = await call({ method: 'PATCH', url: `/api/quiz-attempts/${attemptId}/complete`, user: learner });
    expect(QuizAttemptSchema.parse(attempt.json()).answers).toEqual([]);
  });

  it('keeps the first answer of a question, as for every type, and scores it in the attempt', { timeout: 30_000 }, async () => {
    const attemptId = await newAttempt();
    const first = await answerIn(attemptId, codeId, 'def square(x): return 0');
    expect(first.json().correct).toBe(false);
    const second = await answerIn(attemptId, codeId, 'def square(x): return x * x');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      correct: false,
      correctAnswer: null,
      explanation: CODE_BODY.explanation,
      output: 'This question was already answered in this attempt: the first answer counts.',
    });

    const scored = await newAttempt();
    expect((await answerIn(scored, codeId, 'def square(x): return x * x')).json().correct).toBe(true);
    await call({
      method: 'POST',
      url: `/api/quiz-attempts/${scored}/answers`,
      user: learner,
      payload: { questionId: singleId, selectedOption: 1 },
    });
    const completed = QuizAttemptSchema.parse(
      (await call({ method: 'PATCH', url: `/api/quiz-attempts/${scored}/complete`, user: learner })).json(),
    );
    expect(completed.score).toBe(1);
    expect(completed.answers).toContainEqual({
      questionId: codeId,
      answer: 'def square(x): return x * x',
      correct: true,
      correctAnswer: null,
    });
  });
});

// An answer's code runs in the same interpreter as the tests: the ways a learner could make them pass without
// doing the work, and a creator's tests reading what the server holds.
describe('the tests cannot be fooled or used to read the server', () => {
  it('counts an exit, an interrupt or any BaseException, from the answer or from inside the tests, as not correct', {
    timeout: 60_000,
  }, async () => {
    for (const source of [
      'raise SystemExit(0)',
      'import sys\nsys.exit()',
      'exit(0)',
      'raise KeyboardInterrupt',
      'raise BaseException("pass me")',
      'import sys\ndef square(x): sys.exit(0)',
      'def square(x): raise SystemExit',
      'import os\ndef square(x): os._exit(0)',
    ]) {
      const result = await grade(source);
      expect(result.correct, source).toBe(false);
    }
  });

  it('runs the tests with the builtins and modules as they were, whatever the answer changed', { timeout: 60_000 }, async () => {
    const typed = await addQuestion({
      ...CODE_BODY,
      testCode: 'assert isinstance(square(3), int) and type(square(3)) is int and square(3) == 9',
    });
    const json = await addQuestion({ ...CODE_BODY, testCode: 'import json\nassert json.dumps(square(3)) == "9"' });
    expect((await grade('def square(x): return x * x', typed)).correct).toBe(true);
    expect((await grade('def square(x): return x * x', json)).correct).toBe(true);
    // Equal to anything: only a type check tells it from 9.
    const nine = 'class Nine:\n    def __eq__(self, other): return True\ndef square(x): return Nine()\n';
    const fakes: [string, string][] = [
      // Names of the answer's own that stand in for builtins.
      [typed, `${nine}def isinstance(a, b): return True\ndef type(a): return int`],
      // The builtins themselves.
      [typed, `${nine}import builtins\nbuiltins.isinstance = lambda a, b: True\nbuiltins.type = lambda a: int`],
      // A module the tests import, patched or replaced in sys.modules.
      [json, 'import json\ndef square(x): return 0\njson.dumps = lambda v: "9"'],
      [
        json,
        'import sys, types\ndef square(x): return 0\nfake = types.ModuleType("json")\nfake.dumps = lambda v: "9"\nsys.modules["json"] = fake',
      ],
    ];
    for (const [question, source] of fakes) {
      expect((await grade(source, question)).correct, source).toBe(false);
    }
    // A trace function that jumps over the failing asserts of the tests.
    const jumper = [
      'import sys',
      'def square(x): return 0',
      'def tracer(frame, event, arg):',
      '    if frame.f_code.co_filename != "<tests>": return None',
      '    def local(frame, event, arg):',
      '        if event == "line" and frame.f_lineno == 1: frame.f_lineno = 2',
      '        return local',
      '    return local',
      'sys.settrace(tracer)',
    ].join('\n');
    const skipper = await addQuestion({ ...CODE_BODY, testCode: 'assert square(3) == 9\npass' });
    expect((await grade(jumper, skipper)).correct).toBe(false);
  });

  it('refuses audit hooks, which would see every later run on the worker', async () => {
    const result = await grade('import sys\nsys.addaudithook(lambda event, args: None)\ndef square(x): return x * x');
    expect(result.correct).toBe(false);
    expect(result.output).toContain('RuntimeError: audit hooks are not available in the sandbox');
  });

  it('gives a creator’s tests nothing of the server to read', { timeout: 30_000 }, async () => {
    const spy = await addQuestion({
      ...CODE_BODY,
      testCode: [
        'import os',
        'print(dict(os.environ))',
        'for path in ("/proc/self/environ", "/etc/passwd"):',
        '    try: print(open(path).read())',
        '    except OSError as error: print(error)',
        'from pyodide.code import run_js',
      ].join('\n'),
    });
    const result = await grade('def square(x): return x * x', spy);
    expect(result.correct).toBe(false);
    expect(result.output).not.toContain(SECRET);
    expect(result.output).not.toContain('root:');
    expect(result.output).not.toMatch(/DATABASE_URL|NODE_OPTIONS|VITEST/);
    expect(result.output).toContain("No module named 'pyodide' (the sandbox does not allow it)");
  });
});

describe('when the instance cannot grade', () => {
  async function setUp(app: TestApp) {
    const creator = await createUser(app.db.db, { role: 'creator' });
    const student = await createUser(app.db.db);
    const course = await createCourse(app.db.db, creator.id);
    const quiz = (await addContent(app.db.db, course.id, { lessonCount: 1, quizCount: 1 })).quizzes[0]?.id ?? '';
    await enroll(app.db.db, student.id, course.id);
    const first = await addQuestion(CODE_BODY, app, quiz, creator);
    const second = await addQuestion(CODE_BODY, app, quiz, creator);
    return { student, quiz, first, second };
  }

  async function expectNothingStored(app: TestApp, attemptId: string, student: TestUser) {
    const completed = await call({ method: 'PATCH', url: `/api/quiz-attempts/${attemptId}/complete`, user: student, app });
    expect(QuizAttemptSchema.parse(completed.json()).answers).toEqual([]);
  }

  it('answers 503 with a clear message where PYTHON_WORKERS is 0, storing nothing', async () => {
    const off = await createTestApp({ env: { PYTHON_WORKERS: '0' } });
    try {
      const { student, quiz, first } = await setUp(off);
      const attemptId = await newAttempt(off, quiz, student);
      const response = await answerIn(attemptId, first, 'def square(x): return x * x', off, student);
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Running Python on the server is turned off on this instance.');
      await expectNothingStored(off, attemptId, student);
    } finally {
      await off.close();
    }
  });

  it('answers 429 with Retry-After while every runner is busy and the queue is full, storing nothing', {
    timeout: 60_000,
  }, async () => {
    const full = await createTestApp({
      env: { PYTHON_WORKERS: '1', PYTHON_QUEUE_LIMIT: '0', RATE_LIMIT_CODE_RUNS_PER_MINUTE: '1000' },
    });
    try {
      const { student, quiz, first } = await setUp(full);
      const run = (source: string) =>
        full.app.inject({ method: 'POST', url: '/api/code/run', headers: bearer(student), payload: { source } });
      // With no queue, runs are refused until the worker has started.
      for (let tries = 0; (await run('pass')).statusCode !== 200; tries++) {
        expect(tries).toBeLessThan(100);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const busy = run('while True: pass');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const attemptId = await newAttempt(full, quiz, student);
      const response = await answerIn(attemptId, first, 'def square(x): return x * x', full, student);
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      await busy;
      await expectNothingStored(full, attemptId, student);
    } finally {
      await full.close();
    }
  });

  it('counts code answers in the per-user limit of runs: 429 past it, storing nothing', { timeout: 60_000 }, async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_CODE_RUNS_PER_MINUTE: '1' }, clock: () => Date.UTC(2026, 0, 1) });
    try {
      const { student, quiz, first, second } = await setUp(limited);
      const attemptId = await newAttempt(limited, quiz, student);
      expect((await answerIn(attemptId, first, 'def square(x): return x * x', limited, student)).statusCode).toBe(200);
      const refused = await answerIn(attemptId, second, 'def square(x): return x * x', limited, student);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const completed = await call({
        method: 'PATCH',
        url: `/api/quiz-attempts/${attemptId}/complete`,
        user: student,
        app: limited,
      });
      expect(QuizAttemptSchema.parse(completed.json()).answers.map((answer) => answer.questionId)).toEqual([first]);
    } finally {
      await limited.close();
    }
  });
});
