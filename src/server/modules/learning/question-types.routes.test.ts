import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnyQuestionListSchema, AnyQuestionSchema } from '#shared/schemas/creator';
import { AnyAnswerResultSchema, QuizAttemptSchema } from '#shared/schemas/learning';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/* Typed questions (docs/product.md, Learning): written by the creator, hidden from learners, scored on the server. */

let t: TestApp;
let owner: TestUser;
let learner: TestUser;
let quizId: string;

const BODIES = {
  multiple: {
    type: 'multiple',
    question: 'Which of these are optimizers?',
    choices: ['Adam', 'ReLU', 'SGD', 'Dropout'],
    correctChoices: [1, 3],
    explanation: 'Adam and SGD update the weights.',
  },
  true_false: {
    type: 'true_false',
    question: 'A sigmoid outputs values between 0 and 1.',
    correctAnswer: true,
    explanation: 'Its range is the open interval from 0 to 1.',
  },
  short_text: {
    type: 'short_text',
    question: 'Which algorithm follows the negative gradient?',
    acceptedAnswers: ['Gradient descent', 'Steepest descent'],
    explanation: 'It steps downhill.',
  },
  numeric: {
    type: 'numeric',
    question: 'What is 0.1 + 0.2, roughly?',
    correctNumber: 0.3,
    tolerance: 0.1,
    explanation: 'About three tenths.',
  },
  ordering: {
    type: 'ordering',
    question: 'Put one training step in order.',
    choices: ['Forward pass', 'Compute loss', 'Backward pass', 'Update weights'],
    explanation: 'The loss needs outputs; updates need gradients.',
  },
} as const;
type TypedKind = keyof typeof BODIES;

const ids = {} as Record<TypedKind | 'single' | 'exact', string>;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user ? bearer(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function addQuestion(body: object): Promise<string> {
  const response = await call('POST', `/api/quizzes/${quizId}/questions`, owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

type LearnerQuestion = { id: string; type: string; choices?: { id: string; text: string }[] };

async function learnerQuestions(user: TestUser = learner): Promise<LearnerQuestion[]> {
  const response = await call('GET', `/api/quizzes/${quizId}/questions`, user);
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The id a learner sees for each choice text of a question. */
async function choiceIds(questionId: string): Promise<Record<string, string>> {
  const question = (await learnerQuestions()).find((q) => q.id === questionId);
  return Object.fromEntries((question?.choices ?? []).map((choice) => [choice.text, choice.id]));
}

/** Answers one question in an attempt of its own, so every case is a first answer. */
async function answer(questionId: string, body: object) {
  const attempt = (await call('POST', `/api/quizzes/${quizId}/attempts?forceNew=true`, learner)).json();
  return call('POST', `/api/quiz-attempts/${attempt.id}/answers`, learner, { questionId, ...body });
}

async function expectScored(questionId: string, value: unknown, correct: boolean) {
  const response = await answer(questionId, { answer: value });
  expect(response.statusCode, `${JSON.stringify(value)}: ${response.body}`).toBe(200);
  const result = AnyAnswerResultSchema.parse(response.json());
  expect(result.correct, JSON.stringify(value)).toBe(correct);
  return result;
}

async function expectRefused(questionId: string, body: object, field: string) {
  const response = await answer(questionId, body);
  expect(response.statusCode, JSON.stringify(body)).toBe(400);
  expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toContain(field);
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_QUIZ_ATTEMPTS_PER_MINUTE: '1000' } });
  owner = await createUser(t.db.db, { role: 'creator' });
  learner = await createUser(t.db.db);
  const course = await createCourse(t.db.db, owner.id);
  quizId = (await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 1 })).quizzes[0]?.id ?? '';
  await enroll(t.db.db, learner.id, course.id);
  ids.single = await addQuestion({ question: 'Pick B', optionA: 'A', optionB: 'B', correctAnswer: 2 });
  for (const kind of Object.keys(BODIES) as TypedKind[]) ids[kind] = await addQuestion(BODIES[kind]);
  ids.exact = await addQuestion({ type: 'numeric', question: 'How many layers?', correctNumber: 42 });
});
afterAll(() => t.close());

describe('typed questions, as the creator writes them', () => {
  it('takes every type and shows its creator everything, as written', async () => {
    const list = AnyQuestionListSchema.parse((await call('GET', `/api/quizzes/${quizId}/questions`, owner)).json());
    for (const kind of Object.keys(BODIES) as TypedKind[]) {
      expect(list.find((question) => question.id === ids[kind])).toMatchObject(BODIES[kind]);
    }
    expect(list.find((question) => question.id === ids.exact)).toMatchObject({ correctNumber: 42, tolerance: 0 });
    expect(list.find((question) => question.id === ids.single)).toMatchObject({ type: 'single', correctAnswer: 2 });
    const preview = (await call('GET', `/api/preview/quizzes/${quizId}/questions`, owner)).json();
    expect(preview.find((question: { id: string }) => question.id === ids.ordering)).toMatchObject(BODIES.ordering);
  });

  it('refuses every invalid shape with a 400 naming the field, and writes nothing', async () => {
    const url = `/api/quizzes/${quizId}/questions`;
    const before = (await call('GET', url, owner)).json().length;
    const cases: [object, string][] = [
      [{ ...BODIES.multiple, choices: ['Only one'], correctChoices: [1] }, 'choices'],
      [{ ...BODIES.multiple, choices: Array.from({ length: 9 }, (_, i) => `c${i}`) }, 'choices'],
      [{ ...BODIES.multiple, choices: ['Same', 'Same'], correctChoices: [1] }, 'choices'],
      [{ ...BODIES.multiple, choices: ['A', ''], correctChoices: [1] }, 'choices'],
      [{ ...BODIES.multiple, correctChoices: [] }, 'correctChoices'],
      [{ ...BODIES.multiple, correctChoices: [5] }, 'correctChoices'],
      [{ ...BODIES.multiple, correctChoices: [1, 1] }, 'correctChoices'],
      [{ ...BODIES.multiple, correctChoices: [0] }, 'correctChoices'],
      [{ ...BODIES.multiple, question: '' }, 'question'],
      [{ ...BODIES.true_false, correctAnswer: 'yes' }, 'correctAnswer'],
      [{ type: 'true_false', question: 'Missing the answer' }, 'correctAnswer'],
      [{ ...BODIES.short_text, acceptedAnswers: [] }, 'acceptedAnswers'],
      [{ ...BODIES.short_text, acceptedAnswers: Array.from({ length: 11 }, (_, i) => `a${i}`) }, 'acceptedAnswers'],
      [{ ...BODIES.short_text, acceptedAnswers: ['  '] }, 'acceptedAnswers'],
      [{ ...BODIES.numeric, tolerance: -0.5 }, 'tolerance'],
      [{ ...BODIES.numeric, correctNumber: '0.3' }, 'correctNumber'],
      [{ type: 'numeric', question: 'No number' }, 'correctNumber'],
      [{ ...BODIES.ordering, choices: ['Alone'] }, 'choices'],
      [{ type: 'essay', question: 'Write' }, 'type'],
      [{ type: 'code', question: 'Write a function', language: 'python', starterCode: '' }, 'testCode'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', url, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      // A field inside a list is named with its place: `choices.1`.
      const named = Object.keys(response.json().errors ?? {}).map((key) => key.split('.')[0]);
      expect(named, JSON.stringify(body)).toContain(field);
    }
    expect((await call('GET', url, owner)).json()).toHaveLength(before);
  });

  it('edits a typed question, or changes its type, checked as a whole', async () => {
    const id = await addQuestion({ question: 'Is this single?', optionA: 'Yes', optionB: 'No', correctAnswer: 1 });
    const edit = (body: object) => call('PATCH', `/api/questions/${id}`, owner, body);
    const toTrueFalse = await edit({ type: 'true_false', correctAnswer: false, explanation: 'It is not.' });
    expect(toTrueFalse.statusCode, toTrueFalse.body).toBe(200);
    const changed = AnyQuestionSchema.parse(toTrueFalse.json());
    expect(changed).toMatchObject({ type: 'true_false', question: 'Is this single?', correctAnswer: false });
    expect(toTrueFalse.json()).not.toHaveProperty('optionA');

    // Back to single choice without options, or an answer of the wrong form: refused, nothing changed.
    expect((await edit({ type: 'single' })).statusCode).toBe(400);
    expect((await edit({ correctAnswer: 2 })).statusCode).toBe(400);
    expect((await edit({ type: 'code' })).statusCode).toBe(400);

    const toMultiple = await edit({ type: 'multiple', choices: ['One', 'Two', 'Three'], correctChoices: [2] });
    expect(toMultiple.json()).toMatchObject({ type: 'multiple', choices: ['One', 'Two', 'Three'], correctChoices: [2] });
    const idsBefore = await choiceIds(id);
    // A change of anything but the choices keeps their ids: answers given with them stay meaningful.
    expect((await edit({ correctChoices: [1, 3], explanation: null })).json()).toMatchObject({
      correctChoices: [1, 3],
      explanation: null,
    });
    expect(await choiceIds(id)).toEqual(idsBefore);
    const refused = await edit({ correctChoices: [4] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('correctChoices');
    expect((await edit({ choices: ['One', 'Two', 'Three', 'Four'] })).statusCode).toBe(200);
    expect(Object.keys(await choiceIds(id))).toEqual(expect.arrayContaining(['One', 'Two', 'Three', 'Four']));

    const back = await edit({ type: 'single', optionA: 'Yes', optionB: 'No', correctAnswer: 2 });
    expect(back.json()).toMatchObject({ type: 'single', optionA: 'Yes', optionB: 'No', correctAnswer: 2 });
    expect(back.json()).not.toHaveProperty('choices');
    expect((await call('PATCH', `/api/questions/${id}`, learner, { type: 'true_false', correctAnswer: true })).statusCode).toBe(
      403,
    );
  });
});

describe('typed questions, as learners get them', () => {
  it('come with choices to pick from and never an answer, accepted answers, tolerance or explanation', async () => {
    const response = await call('GET', `/api/quizzes/${quizId}/questions`, learner);
    expect(response.statusCode).toBe(200);
    for (const hidden of ['correctAnswer', 'correctChoices', 'acceptedAnswers', 'correctNumber', 'tolerance', 'explanation']) {
      expect(response.body).not.toContain(hidden);
    }
    for (const secret of ['Gradient descent', 'Steepest descent', 'Adam and SGD', '0.3']) {
      expect(response.body).not.toContain(secret);
    }
    AnyQuestionListSchema.parse(response.json());
    const list: LearnerQuestion[] = response.json();
    const byId = new Map(list.map((question) => [question.id, question]));
    for (const kind of Object.keys(BODIES) as TypedKind[]) {
      expect(Object.keys(byId.get(ids[kind]) ?? {}).sort(), kind).toEqual([
        'choices',
        'id',
        'order',
        'question',
        'quizId',
        'type',
      ]);
    }
    expect(byId.get(ids.true_false)?.choices).toEqual([
      { id: 'true', text: 'True' },
      { id: 'false', text: 'False' },
    ]);
    expect(byId.get(ids.short_text)?.choices).toEqual([]);
    expect(byId.get(ids.numeric)?.choices).toEqual([]);
    for (const kind of ['multiple', 'ordering'] as const) {
      const choices = byId.get(ids[kind])?.choices ?? [];
      expect(choices.map((choice) => choice.text).sort()).toEqual([...BODIES[kind].choices].sort());
      // Opaque ids: nothing in them tells a choice's place in the right order.
      for (const choice of choices) expect(choice.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
      expect(new Set(choices.map((choice) => choice.id)).size).toBe(choices.length);
    }
  });

  it('give an ordering question the same shuffled order on every read of one attempt', async () => {
    const first = await choiceIds(ids.ordering);
    expect(await choiceIds(ids.ordering)).toEqual(first);
    const readOrder = async () => (await learnerQuestions()).find((q) => q.id === ids.ordering)?.choices?.map((c) => c.text);
    const orders = new Set<string>();
    for (let attempt = 0; attempt < 6; attempt++) {
      // Each forced attempt with an answer is a new one, with an order of its own.
      await answer(ids.true_false, { answer: true });
      const order = await readOrder();
      expect(await readOrder()).toEqual(order);
      orders.add(JSON.stringify(order));
    }
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe('answering typed questions', () => {
  it('multiple: all the right choices and only them, in any order', async () => {
    const choice = await choiceIds(ids.multiple);
    const [adam, relu, sgd] = [choice.Adam, choice.ReLU, choice.SGD] as string[];
    const right = await expectScored(ids.multiple, [sgd, adam], true);
    expect([...(right.correctAnswer as string[])].sort()).toEqual([adam, sgd].sort());
    expect(right.explanation).toBe(BODIES.multiple.explanation);
    await expectScored(ids.multiple, [adam], false);
    await expectScored(ids.multiple, [adam, sgd, relu], false);
    await expectScored(ids.multiple, [], false);
    await expectRefused(ids.multiple, { answer: ['not-a-choice'] }, 'answer');
    await expectRefused(ids.multiple, { answer: [adam, adam] }, 'answer');
    await expectRefused(ids.multiple, { answer: true }, 'answer');
  });

  it('true_false: a boolean', async () => {
    expect((await expectScored(ids.true_false, true, true)).correctAnswer).toBe(true);
    await expectScored(ids.true_false, false, false);
    await expectRefused(ids.true_false, { answer: 'true' }, 'answer');
  });

  it('short_text: compared after NFKC, case folding, trimming and collapsing spaces', async () => {
    const right = await expectScored(ids.short_text, '  Gradient   DESCENT ', true);
    expect(right.correctAnswer).toBe('Gradient descent');
    // Full-width letters and an ideographic space, as some keyboards type them.
    await expectScored(ids.short_text, 'ｇｒａｄｉｅｎｔ\u3000ｄｅｓｃｅｎｔ', true);
    await expectScored(ids.short_text, 'steepest\tdescent', true);
    await expectScored(ids.short_text, 'gradient ascent', false);
    await expectScored(ids.short_text, 'gradientdescent', false);
    await expectRefused(ids.short_text, { answer: 42 }, 'answer');
  });

  it('numeric: right within the tolerance, its edges included', async () => {
    expect((await expectScored(ids.numeric, 0.3, true)).correctAnswer).toBe(0.3);
    await expectScored(ids.numeric, 0.4, true);
    await expectScored(ids.numeric, 0.2, true);
    await expectScored(ids.numeric, 0.41, false);
    await expectScored(ids.numeric, 0.19, false);
    await expectScored(ids.exact, 42, true);
    await expectScored(ids.exact, 42.001, false);
    await expectRefused(ids.numeric, { answer: '0.3' }, 'answer');
  });

  it('ordering: every choice once, in the right order', async () => {
    const choice = await choiceIds(ids.ordering);
    const right = BODIES.ordering.choices.map((text) => choice[text] as string);
    const result = await expectScored(ids.ordering, right, true);
    expect(result.correctAnswer).toEqual(right);
    await expectScored(ids.ordering, [right[1], right[0], right[2], right[3]], false);
    await expectRefused(ids.ordering, { answer: right.slice(0, 3) }, 'answer');
    await expectRefused(ids.ordering, { answer: [right[0], right[0], right[2], right[3]] }, 'answer');
  });

  it('takes selectedOption for single choice and answer for the rest, never both', async () => {
    await expectRefused(ids.single, { answer: 2 }, 'selectedOption');
    await expectRefused(ids.true_false, { selectedOption: 1 }, 'answer');
    await expectRefused(ids.single, { selectedOption: 2, answer: 2 }, 'selectedOption');
    const single = await answer(ids.single, { selectedOption: 2 });
    expect(single.json()).toEqual({ correct: true, correctAnswer: 2, explanation: null });
  });

  it('scores an attempt of every type on the server, and shows the answers in the attempt', async () => {
    const attempt = QuizAttemptSchema.parse(
      (await call('POST', `/api/quizzes/${quizId}/attempts?forceNew=true`, learner)).json(),
    );
    const choice = { ...(await choiceIds(ids.multiple)), ...(await choiceIds(ids.ordering)) };
    const answers: [string, object][] = [
      [ids.single, { selectedOption: 2 }],
      [ids.multiple, { answer: [choice.Adam, choice.SGD] }],
      [ids.true_false, { answer: false }],
      [ids.short_text, { answer: 'gradient descent' }],
      [ids.numeric, { answer: 0.35 }],
      [ids.ordering, { answer: BODIES.ordering.choices.map((text) => choice[text]) }],
    ];
    for (const [questionId, body] of answers) {
      const response = await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, learner, { questionId, ...body });
      expect(response.statusCode, response.body).toBe(200);
    }
    // A second answer to a question keeps the first.
    const again = await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, learner, {
      questionId: ids.true_false,
      answer: true,
    });
    expect(again.json().correct).toBe(false);

    const done = QuizAttemptSchema.parse((await call('PATCH', `/api/quiz-attempts/${attempt.id}/complete`, learner)).json());
    const questionCount = (await call('GET', `/api/quizzes/${quizId}/questions`, owner)).json().length;
    expect(done).toMatchObject({ status: 'completed', score: 5, totalQuestions: questionCount, passed: false });
    expect(done.answers.find((a) => a.questionId === ids.true_false)).toEqual({
      questionId: ids.true_false,
      answer: false,
      correct: false,
      correctAnswer: true,
    });
    expect(done.answers.find((a) => a.questionId === ids.single)).toEqual({
      questionId: ids.single,
      selectedOption: 2,
      correct: true,
      correctAnswer: 2,
    });
  });
});
